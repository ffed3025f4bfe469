// The view of queengames.widgets.Board (anywidget): draws the corner, the queen, her options and,
// on request, the P-positions, all as the model holds them (decided in Python by the library), and
// writes a clicked cell to `click`. Cell (x, y): column x, row y from the top left, as the atlas.
export const COLOURS = { grid: "#d0d0d0", p: "#f2a900", option: "#0a7d00", queen: "#1a1a1a", path: "#7a7a7a" };

// The pixels of a cell a side: the board about 480 pixels wide, 6 to 32 a cell.
export function cellPixels(size) { return Math.max(6, Math.min(32, Math.floor(480 / size))); }

function draw(canvas, model) {
  const size = model.get("size"), c = cellPixels(size), ctx = canvas.getContext("2d");
  canvas.width = canvas.height = size * c + 1;
  canvas.dataset.cell = String(c);
  canvas.dataset.side = String(size);
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (model.get("overlay")) {
    ctx.fillStyle = COLOURS.p;
    for (const [x, y] of model.get("p_positions")) ctx.fillRect(x * c + 1, y * c + 1, c - 1, c - 1);
  }
  ctx.strokeStyle = COLOURS.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = 0; i <= size; i++) {
    ctx.moveTo(i * c + 0.5, 0); ctx.lineTo(i * c + 0.5, size * c + 1);
    ctx.moveTo(0, i * c + 0.5); ctx.lineTo(size * c + 1, i * c + 0.5);
  }
  ctx.stroke();
  // The queen's moves: a ring in each option's cell (its centre keeps the overlay's colour).
  ctx.strokeStyle = COLOURS.option;
  ctx.lineWidth = Math.max(1, c / 10);
  for (const [x, y] of model.get("options")) {
    ctx.beginPath();
    ctx.arc((x + 0.5) * c, (y + 0.5) * c, c * 0.3, 0, 2 * Math.PI);
    ctx.stroke();
  }
  // The game so far, as a path, and the queen.
  const history = model.get("history");
  ctx.strokeStyle = COLOURS.path;
  ctx.lineWidth = 1;
  ctx.beginPath();
  history.forEach((h, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, (h.x + 0.5) * c, (h.y + 0.5) * c));
  ctx.stroke();
  const [qx, qy] = model.get("position");
  ctx.fillStyle = COLOURS.queen;
  ctx.beginPath();
  ctx.arc((qx + 0.5) * c, (qy + 0.5) * c, c * 0.38, 0, 2 * Math.PI);
  ctx.fill();
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "queengames-board";
  const bar = document.createElement("div");
  const title = document.createElement("strong");
  const toggle = document.createElement("label"), box = document.createElement("input");
  box.type = "checkbox";
  box.className = "overlay";
  toggle.append(box, " P-positions");
  bar.append(title, " ", toggle);
  const canvas = document.createElement("canvas");
  canvas.style.cursor = "pointer";
  canvas.style.display = "block";
  const message = document.createElement("div");
  message.className = "message";
  root.append(bar, canvas, message);
  el.append(root);

  let clicks = 0;
  canvas.addEventListener("click", (e) => {
    const c = cellPixels(model.get("size")), r = canvas.getBoundingClientRect();
    const x = Math.floor((e.clientX - r.left) / c), y = Math.floor((e.clientY - r.top) / c);
    if (x < 0 || y < 0 || x >= model.get("size") || y >= model.get("size")) return;
    model.set("click", { x, y, n: ++clicks });
    model.save_changes();
  });
  box.addEventListener("change", () => {
    model.set("overlay", box.checked);
    model.save_changes();
  });
  const update = () => {
    title.textContent = model.get("ruleset");
    box.checked = model.get("overlay");
    message.textContent = model.get("message");
    draw(canvas, model);
  };
  const names = ["size", "position", "history", "options", "p_positions", "overlay", "message", "ruleset"];
  for (const n of names) model.on(`change:${n}`, update);
  update();
  return () => { for (const n of names) model.off(`change:${n}`, update); };
}

export default { render };
