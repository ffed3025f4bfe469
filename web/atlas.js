// The atlas's page: a Leaflet map (CRS.Simple: one map unit is one cell, lat = −y, lng = x)
// over the tiles of `queengames serve`. Everything shown is the server's: this file only asks
// for tiles, legends and cells, and draws axes, overlays and the click panel.
"use strict";

const PHI = (1 + Math.sqrt(5)) / 2;
const state = { t: "grundy.wythoff", mode: "min", m: 2, ov: [], x: null, y: null, z: null };
const el = (id) => document.getElementById(id);
let tables = [], info = null, layer = null, legend = null, overlays = [], marker = null;

const map = L.map("map", { crs: L.CRS.Simple, minZoom: -60, maxZoom: 8, zoomSnap: 1, attributionControl: false,
                           keyboardPanDelta: 128, zoomControl: false });
L.control.zoom({ position: "bottomright" }).addTo(map);

// ---- the view's state in the URL ----------------------------------------------------------
function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("t")) state.t = params.get("t");
  if (params.get("mode")) state.mode = params.get("mode");
  if (params.get("m")) state.m = Number(params.get("m"));
  state.ov = params.get("ov") ? params.get("ov").split(",") : state.ov;
  for (const key of ["x", "y", "z"]) state[key] = params.has(key) ? Number(params.get(key)) : null;
}
function writeHash() {
  const c = map.getCenter();
  const params = new URLSearchParams({ t: state.t, mode: state.mode, m: state.m, ov: state.ov.join(","),
                                       x: Math.round(c.lng), y: Math.round(-c.lat), z: map.getZoom() });
  history.replaceState(null, "", "#" + params.toString());
}

// ---- messages -------------------------------------------------------------------------------
function message(text) {
  el("message").textContent = text || "";
  el("message").hidden = !text;
}
function status(text) { el("status").textContent = text; }

// ---- the tile layer -------------------------------------------------------------------------
const AtlasLayer = L.TileLayer.extend({
  getTileUrl(coords) { return tileUrl(coords.z, coords.x, coords.y); },
});
function tileUrl(z, x, y) {
  const query = new URLSearchParams({ mode: state.mode });
  if (state.mode === "mod") query.set("m", state.m);
  return `/tile/${encodeURIComponent(state.t)}/${z}/${x}/${y}.png?${query}`;
}

function makeLayer() {
  if (layer) map.removeLayer(layer);
  const side = Number(info.side);
  layer = new AtlasLayer("", { tileSize: 256, minZoom: -60, maxZoom: 8, noWrap: true,
                               bounds: L.latLngBounds([[-side, 0], [0, side]]), keepBuffer: 1 });
  // Leaflet drops a tile of another zoom still loading without an event: ask the layer, not a count.
  layer.on("tileloadstart", () => status("loading tiles…"));
  layer.on("load", () => status(""));
  layer.on("tileload", () => { window.atlas.loaded++; });
  layer.on("tileerror", async (e) => {
    // The image carries no reason: ask again for the server's message (4xx with JSON).
    try {
      const r = await fetch(e.tile.src);
      if (!r.ok) message(`tile: ${(await r.json()).error}`);
    } catch (err) { message(`tile: ${err}`); }
  });
  layer.addTo(map);
}

// ---- legend and colour bar ------------------------------------------------------------------
async function loadLegend() {
  const query = new URLSearchParams({ mode: state.mode, m: state.m });
  status("computing the table's region…");
  const r = await fetch(`/legend/${encodeURIComponent(state.t)}?${query}`);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error);
  legend = body;
  const bar = el("colourbar"), ctx = bar.getContext("2d");
  ctx.clearRect(0, 0, bar.width, bar.height);
  const n = legend.colours.length;
  for (let i = 0; i < bar.width; i++) {
    ctx.fillStyle = legend.colours[Math.min(n - 1, Math.floor(i * n / bar.width))];
    ctx.fillRect(i, 0, 1, bar.height);
  }
  if (legend.density) {
    el("legend-title").textContent = state.mode === "p" ? "share of P-positions in a pixel's cells (log scale)"
                                                          : `share of cells ≡ 0 (mod ${state.m}) (log scale)`;
    el("legend-range").textContent = "none … one … all";
  } else {
    const what = info.kind === "palace" ? "palace number v" : "Grundy value";
    el("legend-title").textContent = `${what} (${state.mode} of a pixel's cells)`;
    el("legend-range").textContent = `0 … ${legend.vmax}` + (n <= Number(legend.vmax) ? ` (colours to ${n - 1})` : "") +
                                     (info.kind === "palace" ? `; palaces v < ${info.k}` : "; 0 black");
  }
  status("");
}

// ---- overlays -------------------------------------------------------------------------------
function drawOverlays() {
  for (const o of overlays) map.removeLayer(o);
  overlays = [];
  const far = Math.min(Number(info.side), 2 ** 60);
  const line = (points, colour) => overlays.push(L.polyline(points.map(([x, y]) => [-y, x]),
                                                            { color: colour, weight: 1.5, interactive: false }).addTo(map));
  if (state.ov.includes("phi")) {
    line([[0, 0], [far / PHI, far]], "#e6007e");  // y = φx: the upper P-positions (a_n, b_n)
    line([[0, 0], [far, far / PHI]], "#e6007e");  // y = x/φ: their mirror images
  }
  if (state.ov.includes("diagonal")) line([[0, 0], [far, far]], "#0a7d00");
  el("ov-phi").checked = state.ov.includes("phi");
  el("ov-diagonal").checked = state.ov.includes("diagonal");
}

// ---- axes -----------------------------------------------------------------------------------
function niceStep(span, target) {
  const raw = span / target, p = 10 ** Math.floor(Math.log10(raw));
  for (const f of [1, 2, 5, 10]) if (f * p >= raw) return f * p;
  return 10 * p;
}
function label(v, step) {
  if (Math.abs(v) < 1e6 || step < 1e3) return String(Math.round(v));
  const digits = Math.max(0, Math.ceil(Math.log10(Math.abs(v))) - Math.floor(Math.log10(step)));
  return v.toExponential(Math.min(digits, 15));
}
function drawAxes() {
  const canvas = el("axes"), size = map.getSize();
  canvas.width = size.x;
  canvas.height = size.y;
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, size.x, size.y);
  ctx.font = "11px DejaVu Sans, sans-serif";
  ctx.fillStyle = "rgba(255,255,255,0.85)";
  ctx.fillRect(0, 0, size.x, 18);
  ctx.fillRect(0, 0, 58, size.y);
  ctx.fillStyle = "#000";
  ctx.strokeStyle = "#000";
  const b = map.getBounds();
  const x0 = b.getWest(), x1 = b.getEast(), y0 = -b.getNorth(), y1 = -b.getSouth();
  const sx = niceStep(x1 - x0, Math.max(2, size.x / 110)), sy = niceStep(y1 - y0, Math.max(2, size.y / 60));
  // A tick at cell c marks its left (top) edge: cell c spans [c, c + 1).
  for (let x = Math.ceil(x0 / sx) * sx; x <= x1; x += sx) {
    const px = map.latLngToContainerPoint([0, x]).x;
    if (px < 60) continue;
    ctx.beginPath(); ctx.moveTo(px, 12); ctx.lineTo(px, 18); ctx.stroke();
    ctx.fillText(label(x, sx), px + 2, 11);
  }
  for (let y = Math.ceil(y0 / sy) * sy; y <= y1; y += sy) {
    const py = map.latLngToContainerPoint([-y, 0]).y;
    if (py < 24) continue;
    ctx.beginPath(); ctx.moveTo(52, py); ctx.lineTo(58, py); ctx.stroke();
    ctx.fillText(label(y, sy), 2, py + 4);
  }
  ctx.fillText("x →", size.x - 30, 11);
  ctx.fillText("y ↓", 2, size.y - 4);
}

// ---- the click panel ------------------------------------------------------------------------
async function showCell(x, y) {
  if (marker) map.removeLayer(marker);
  marker = L.rectangle([[-y, x], [-(y + 1), x + 1]], { color: "#ff00ff", weight: 2, fill: false, interactive: false })
               .addTo(map);
  const r = await fetch(`/cell/${encodeURIComponent(state.t)}/${x}/${y}`);
  const c = await r.json();
  const body = el("panel-body");
  body.replaceChildren();
  const add = (tag, text, cls) => { const e = document.createElement(tag); e.textContent = text; if (cls) e.className = cls;
                                    body.append(e); return e; };
  window.atlas.cell = c;
  el("panel").hidden = false;
  if (!r.ok) { add("p", c.error); return; }
  add("h3", `${c.table}: cell (${c.x}, ${c.y})`);
  if (c.value !== undefined) add("p", `value ${c.value}`, "value");
  add("p", c.p ? "a P-position" : "not a P-position", c.p ? "p" : "");
  if (c.n !== undefined) add("p", `n = ${c.n}`);
  for (const note of c.notes) add("p", note, "note");
  if (c.options.length) {
    add("p", `options: ${c.option_count}` + (c.options.length < Number(c.option_count) ? ` (the first ${c.options.length})` : ""));
    const t = add("table", "");
    for (const o of c.options) {
      const row = t.insertRow();
      row.insertCell().textContent = `(${o.x}, ${o.y})`;
      row.insertCell().textContent = o.value !== undefined ? o.value : "";
      row.insertCell().textContent = o.p ? "P" : "";
    }
  }
}

// ---- save the view --------------------------------------------------------------------------
// The tiles on screen (at this zoom, each of the server's pixels one pixel here), the overlays'
// lines and the axes, composed into one PNG.
function saveView() {
  const size = map.getSize(), canvas = document.createElement("canvas");
  canvas.width = size.x;
  canvas.height = size.y;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, size.x, size.y);
  const mapRect = el("map").getBoundingClientRect();
  for (const img of el("map").querySelectorAll("img.leaflet-tile-loaded")) {
    const r = img.getBoundingClientRect();
    ctx.drawImage(img, r.left - mapRect.left, r.top - mapRect.top, r.width, r.height);
  }
  for (const svg of el("map").querySelectorAll("svg")) {
    const r = svg.getBoundingClientRect(), image = new Image();
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
    ctx.drawImage(image, r.left - mapRect.left, r.top - mapRect.top, r.width, r.height);
  }
  ctx.drawImage(el("axes"), 0, 0);
  const a = document.createElement("a");
  a.download = `${state.t}-z${map.getZoom()}.png`;
  a.href = canvas.toDataURL("image/png");
  a.click();
  return a.href;
}

// ---- the controls ---------------------------------------------------------------------------
function fillModes() {
  const select = el("mode");
  select.replaceChildren();
  const names = { min: "minimum", max: "maximum", mean: "mean", p: "share of P-positions", mod: "share ≡ 0 (mod m)" };
  for (const a of info.aggregates) select.add(new Option(names[a] || a, a));
  if (!info.aggregates.includes(state.mode)) state.mode = info.aggregates[0];
  select.value = state.mode;
  el("modulus-label").hidden = state.mode !== "mod";
  el("modulus").value = state.m;
}

async function selectTable(name, keepView) {
  message("");
  const r = await fetch(`/tables/${encodeURIComponent(name)}`);
  const body = await r.json();
  if (!r.ok) { message(body.error); return; }
  info = body;
  state.t = info.name;
  if (![...el("table").options].some((o) => o.value === info.name)) el("table").add(new Option(info.name, info.name));
  el("table").value = info.name;
  el("region").textContent = `${info.title} — ${info.source}. Region: ${info.region}`;
  fillModes();
  if (!keepView) {
    const side = Math.min(Number(info.side), 4096);
    const fit = Math.min(map.getSize().x, map.getSize().y);
    map.setView([-side / 2, side / 2], Math.floor(Math.log2(fit / side)), { animate: false });
  }
  try {
    await loadLegend();
  } catch (err) { message(err.message); status(""); return; }
  makeLayer();
  drawOverlays();
  writeHash();
}

async function start() {
  window.atlas = { map, state, loaded: 0, cell: null, tileUrl, showCell, saveView, ready: false,
                   loading: () => !layer || layer.isLoading() };
  readHash();
  const r = await fetch("/tables");
  tables = await r.json();
  for (const t of tables) el("table").add(new Option(`${t.name} — ${t.title}`, t.name));
  const hasView = state.z !== null && state.x !== null && state.y !== null;
  if (hasView) map.setView([-state.y, state.x], state.z);
  else map.setView([0, 0], 0);
  await selectTable(state.t, hasView);
  map.on("moveend zoomend", writeHash);
  map.on("move zoom resize", drawAxes);
  map.on("click", (e) => {
    const x = Math.floor(e.latlng.lng), y = Math.floor(-e.latlng.lat);
    if (x >= 0 && y >= 0) showCell(x, y);
  });
  el("table").addEventListener("change", () => selectTable(el("table").value, false));
  el("mode").addEventListener("change", async () => {
    state.mode = el("mode").value;
    el("modulus-label").hidden = state.mode !== "mod";
    await loadLegend();
    makeLayer();
    writeHash();
  });
  el("modulus").addEventListener("change", async () => {
    state.m = Math.max(2, Math.min(1000, Number(el("modulus").value) || 2));
    await loadLegend();
    makeLayer();
    writeHash();
  });
  el("ov-phi").addEventListener("change", (e) => toggleOverlay("phi", e.target.checked));
  el("ov-diagonal").addEventListener("change", (e) => toggleOverlay("diagonal", e.target.checked));
  el("save").addEventListener("click", saveView);
  el("panel-close").addEventListener("click", () => { el("panel").hidden = true; });
  // A link pasted into this tab: the hash alone changes, the page stays.
  window.addEventListener("hashchange", async () => {
    readHash();
    if (state.z !== null && state.x !== null && state.y !== null) map.setView([-state.y, state.x], state.z);
    await selectTable(state.t, true);
  });
  drawAxes();
  window.atlas.ready = true;
}
function toggleOverlay(name, on) {
  state.ov = state.ov.filter((o) => o !== name && o !== "");
  if (on) state.ov.push(name);
  drawOverlays();
  writeHash();
}

start().catch((err) => message(String(err)));
