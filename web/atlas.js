// The atlas's page: a Leaflet map (CRS.Simple: one map unit is one cell, lat = −y, lng = x)
// over the tiles of `queengames serve`. Everything shown is the server's: this file only asks
// for tiles, legends, overlays and cells, and draws axes, the overlays' shapes and the click panel.
"use strict";

const state = { t: "grundy.wythoff", mode: "min", m: 2, ov: [], x: null, y: null, z: null };
const el = (id) => document.getElementById(id);
let tables = [], info = null, layer = null, legend = null, overlays = [], overlayList = [], marker = null;

const map = L.map("map", { crs: L.CRS.Simple, minZoom: -60, maxZoom: 8, zoomSnap: 1, attributionControl: false,
                           keyboardPanDelta: 128, zoomControl: false });
L.control.zoom({ position: "bottomright" }).addTo(map);

// ---- the view's state in the URL ----------------------------------------------------------
function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("t")) state.t = params.get("t");
  if (params.get("mode")) state.mode = params.get("mode");
  // A number the view cannot take (a link typed by hand: x=abc, m=1.5) is as if absent: the
  // default applies, instead of a NaN reaching Leaflet or the tiles' URLs.
  const number = (key, valid) => {
    const text = (params.get(key) || "").trim(), value = Number(text);
    return text !== "" && Number.isFinite(value) && valid(value) ? value : null;
  };
  const m = number("m", v => Number.isInteger(v) && v >= 2 && v <= 1000);
  if (m !== null) state.m = m;
  state.ov = params.get("ov") ? params.get("ov").split(",") : state.ov;
  state.x = number("x", () => true);
  state.y = number("y", () => true);
  state.z = number("z", v => Number.isInteger(v) && v >= -60 && v <= 8);
}
function writeHash() {
  const c = map.getCenter();
  const params = new URLSearchParams({ t: state.t, mode: state.mode, m: state.m, ov: state.ov.join(","),
                                       x: Math.round(c.lng), y: Math.round(-c.lat), z: map.getZoom() });
  history.replaceState(null, "", "#" + params.toString());
}

// ---- messages -------------------------------------------------------------------------------
function message(text) {
  el("message-text").textContent = text || "";
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
// The library's shapes (/overlay/TABLE), in cell coordinates; drawn here, decided there.
const OVERLAY_COLOURS = { phi: "#e6007e", diagonal: "#0a7d00", beams: "#ff8c00", regions: "#0077ff",
                          landmarks: "#ff00ff" };
const colourOf = (name) => OVERLAY_COLOURS[name] || "#ff8c00";

async function loadOverlays() {
  const table = state.t;
  const r = await fetch(`/overlay/${encodeURIComponent(table)}`);
  const body = await r.json();
  if (table !== state.t) return;  // another table was picked meanwhile
  if (!r.ok) { message(`overlays: ${body.error}`); return; }
  overlayList = body;
  const box = el("overlays");
  box.replaceChildren();
  for (const o of overlayList) {
    const label = document.createElement("label"), input = document.createElement("input");
    input.type = "checkbox";
    input.id = `ov-${o.name}`;
    input.checked = state.ov.includes(o.name);
    input.addEventListener("change", (e) => toggleOverlay(o.name, e.target.checked));
    label.title = o.source;
    label.append(input, ` ${o.title}`);
    box.append(label);
  }
  drawOverlays();
}

function shownOverlays() { return overlayList.filter((o) => state.ov.includes(o.name)); }

function drawOverlays() {
  for (const o of overlays) map.removeLayer(o);
  overlays = [];
  const notes = [];
  for (const o of shownOverlays()) {
    const colour = colourOf(o.name);
    for (const shape of o.shapes) {
      const latlngs = shape.points.map(([x, y]) => [-y, x]);
      let layerOf;
      if (shape.kind === "point")
        layerOf = L.circleMarker(latlngs[0], { radius: 5, color: colour, weight: 2, fillOpacity: 0.3 })
                      .bindTooltip(shape.label);
      else if (shape.kind === "polygon")
        layerOf = L.polygon(latlngs, { color: colour, weight: 1.5, fillOpacity: 0.12, interactive: false });
      else layerOf = L.polyline(latlngs, { color: colour, weight: 1.5, interactive: false });
      overlays.push(layerOf.addTo(map));
    }
    notes.push(...o.notes);
  }
  el("overlay-notes").textContent = notes.join("; ");
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
// The axes' strips and text at k times the screen's size (a save at 2× or 4×): the top strip
// holds the x labels, the left one the y labels, "x →" ends the top strip.
function axisStyle(k) {
  return { k, font: `${11 * k}px DejaVu Sans, sans-serif`, top: 18 * k, left: 58 * k, tick: 6 * k, base: 11 * k };
}
const measure = document.createElement("canvas").getContext("2d");
function textWidth(text, style) {
  measure.font = style.font;
  return measure.measureText(text).width;
}
// The ticks of a picture of the cells [x0, x1) × [y0, y1), `toPx` taking a cell (x, y) to its pixel.
function axisTicks(x0, x1, y0, y1, width, height, toPx, style) {
  const k = style.k;
  const sx = niceStep(x1 - x0, Math.max(2, width / (110 * k))), sy = niceStep(y1 - y0, Math.max(2, height / (60 * k)));
  const xs = [], ys = [];
  // A label must end before "x →" begins.
  const arrow = width - textWidth("x →", style) - 6 * k;
  // A tick at cell c marks its left (top) edge: cell c spans [c, c + 1).
  for (let x = Math.ceil(x0 / sx) * sx; x <= x1; x += sx) {
    const px = toPx(x, 0).x, text = label(x, sx);
    if (px >= style.left + 2 * k && px + 2 * k + textWidth(text, style) <= arrow) xs.push({ at: px, text });
  }
  for (let y = Math.ceil(y0 / sy) * sy; y <= y1; y += sy) {
    const py = toPx(0, y).y;
    if (py >= style.top + 6 * k) ys.push({ at: py, text: label(y, sy) });
  }
  return { xs, ys };
}
function paintAxes(ctx, width, height, ticks, style) {
  const { k, top, left, tick, base } = style;
  ctx.font = style.font;
  ctx.lineWidth = k;
  ctx.fillStyle = "rgba(255,255,255,0.85)";
  ctx.fillRect(0, 0, width, top);
  ctx.fillRect(0, 0, left, height);
  ctx.fillStyle = "#000";
  ctx.strokeStyle = "#000";
  for (const t of ticks.xs) {
    ctx.beginPath(); ctx.moveTo(t.at, top - tick); ctx.lineTo(t.at, top); ctx.stroke();
    ctx.fillText(t.text, t.at + 2 * k, base);
  }
  for (const t of ticks.ys) {
    ctx.beginPath(); ctx.moveTo(left - tick, t.at); ctx.lineTo(left, t.at); ctx.stroke();
    ctx.fillText(t.text, 2 * k, t.at + 4 * k);
  }
  ctx.fillText("x →", width - textWidth("x →", style) - 2 * k, base);
  ctx.fillText("y ↓", 2 * k, height - 4 * k);
}
function drawAxes() {
  const canvas = el("axes"), size = map.getSize();
  canvas.width = size.x;
  canvas.height = size.y;
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, size.x, size.y);
  const b = map.getBounds(), style = axisStyle(1);
  paintAxes(ctx, size.x, size.y, axisTicks(b.getWest(), b.getEast(), -b.getNorth(), -b.getSouth(), size.x, size.y,
                                           (x, y) => map.latLngToContainerPoint([-y, x]), style), style);
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
  // Embedded (the notebook widget queengames.widgets.Atlas): the cell goes to the parent page too,
  // to any origin (the notebook's is not known here; a cell's facts are no secret).
  if (window.parent !== window) window.parent.postMessage({ source: "queengames-atlas", kind: "cell", cell: c }, "*");
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
// The view at zoom z + scale: its tiles fetched afresh and composed, each of the server's pixels one
// pixel of the picture; the overlays and the axes drawn over them at that resolution.
async function viewPicture(scale) {
  const z = Math.min(8, map.getZoom() + scale), b = map.getBounds();
  const min = map.project(b.getNorthWest(), z).round(), max = map.project(b.getSouthEast(), z).round();
  const width = max.x - min.x, height = max.y - min.y;
  const raster = document.createElement("canvas");
  raster.width = width;
  raster.height = height;
  const ctx = raster.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  const cellsPerTile = 256 / 2 ** z, side = Number(info.side);
  const jobs = [];
  for (let ty = Math.max(0, Math.floor(min.y / 256)); ty * 256 < max.y; ty++)
    for (let tx = Math.max(0, Math.floor(min.x / 256)); tx * 256 < max.x; tx++) {
      if (tx * cellsPerTile >= side || ty * cellsPerTile >= side) continue;
      jobs.push(fetch(tileUrl(z, tx, ty)).then(async (r) => {
        if (!r.ok) return;
        ctx.drawImage(await createImageBitmap(await r.blob()), tx * 256 - min.x, ty * 256 - min.y);
      }));
    }
  await Promise.all(jobs);
  const toPx = (x, y) => map.project([-y, x], z).subtract(min);
  // The axes' text grows with the picture: 4× the pixels, 4× the text.
  const style = axisStyle(2 ** (z - map.getZoom()));
  const ticks = axisTicks(b.getWest(), b.getEast(), -b.getNorth(), -b.getSouth(), width, height, toPx, style);
  return { z, min, width, height, raster, toPx, ticks, style };
}

function download(blob, name) {
  const a = document.createElement("a");
  a.download = name;
  a.href = URL.createObjectURL(blob);
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}

async function savePng(scale = Number(el("save-scale").value)) {
  const v = await viewPicture(scale);
  const ctx = v.raster.getContext("2d");
  for (const o of shownOverlays()) {
    ctx.strokeStyle = ctx.fillStyle = colourOf(o.name);
    ctx.lineWidth = 1.5;
    for (const shape of o.shapes) {
      const points = shape.points.map(([x, y]) => v.toPx(x, y));
      ctx.beginPath();
      if (shape.kind === "point") {
        ctx.arc(points[0].x, points[0].y, 5, 0, 2 * Math.PI);
      } else {
        points.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
        if (shape.kind === "polygon") ctx.closePath();
      }
      ctx.stroke();
    }
  }
  paintAxes(ctx, v.width, v.height, v.ticks, v.style);
  const name = `${state.t}-z${v.z}.png`;
  download(await new Promise((done) => v.raster.toBlob(done, "image/png")), name);
  window.atlas.saved = { name, z: v.z, min: [v.min.x, v.min.y], width: v.width, height: v.height };
  return window.atlas.saved;
}

const xml = (text) => String(text).replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]);

// The raster embedded as a PNG, the overlays and the axes as vectors.
async function saveSvg(scale = Number(el("save-scale").value)) {
  const v = await viewPicture(scale);
  const png = v.raster.toDataURL("image/png");
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${v.width}" height="${v.height}" ` +
               `viewBox="0 0 ${v.width} ${v.height}">`,
               `<title>${xml(`${state.t} at zoom ${v.z}: ${info.title}`)}</title>`,
               `<image x="0" y="0" width="${v.width}" height="${v.height}" style="image-rendering:pixelated" ` +
               `href="${png}"/>`];
  const fmt = (p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`;
  for (const o of shownOverlays()) {
    out.push(`<g id="overlay-${xml(o.name)}" stroke="${colourOf(o.name)}" stroke-width="1.5" fill="none">`);
    for (const shape of o.shapes) {
      const points = shape.points.map(([x, y]) => v.toPx(x, y)), title = `<title>${xml(shape.label)}</title>`;
      if (shape.kind === "point")
        out.push(`<circle cx="${points[0].x.toFixed(2)}" cy="${points[0].y.toFixed(2)}" r="5">${title}</circle>`);
      else if (shape.kind === "polygon")
        out.push(`<polygon points="${points.map(fmt).join(" ")}" fill="${colourOf(o.name)}" fill-opacity="0.12">` +
                 `${title}</polygon>`);
      else out.push(`<polyline points="${points.map(fmt).join(" ")}">${title}</polyline>`);
    }
    out.push("</g>");
  }
  const { k, top, left, tick, base } = v.style;
  out.push(`<g id="axes" font-family="DejaVu Sans, sans-serif" font-size="${11 * k}">`,
           `<rect x="0" y="0" width="${v.width}" height="${top}" fill="#fff" fill-opacity="0.85"/>`,
           `<rect x="0" y="0" width="${left}" height="${v.height}" fill="#fff" fill-opacity="0.85"/>`);
  for (const t of v.ticks.xs)
    out.push(`<line x1="${t.at}" y1="${top - tick}" x2="${t.at}" y2="${top}" stroke="#000" stroke-width="${k}"/>`,
             `<text x="${t.at + 2 * k}" y="${base}">${xml(t.text)}</text>`);
  for (const t of v.ticks.ys)
    out.push(`<line x1="${left - tick}" y1="${t.at}" x2="${left}" y2="${t.at}" stroke="#000" stroke-width="${k}"/>`,
             `<text x="${2 * k}" y="${t.at + 4 * k}">${xml(t.text)}</text>`);
  out.push(`<text x="${v.width - textWidth("x →", v.style) - 2 * k}" y="${base}">x →</text>`,
           `<text x="${2 * k}" y="${v.height - 4 * k}">y ↓</text>`, "</g>", "</svg>");
  const name = `${state.t}-z${v.z}.svg`;
  download(new Blob([out.join("\n")], { type: "image/svg+xml" }), name);
  window.atlas.saved = { name, z: v.z, min: [v.min.x, v.min.y], width: v.width, height: v.height };
  return window.atlas.saved;
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
  // The click panel and its marker belong to the table they were asked of.
  el("panel").hidden = true;
  if (marker) { map.removeLayer(marker); marker = null; }
  window.atlas.cell = null;
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
  overlayList = [];
  drawOverlays();
  loadOverlays().catch((err) => message(`overlays: ${err}`));
  writeHash();
}

async function start() {
  window.atlas = { map, state, loaded: 0, cell: null, tileUrl, showCell, savePng, saveSvg, saved: null, ready: false,
                   overlays: () => overlayList,
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
  // The footer's notes change the map's height: Leaflet is told, so that tiles and axes fill it.
  new ResizeObserver(() => map.invalidateSize()).observe(el("map"));
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
  el("save-png").addEventListener("click", () => savePng().catch((err) => message(`save: ${err}`)));
  el("save-svg").addEventListener("click", () => saveSvg().catch((err) => message(`save: ${err}`)));
  el("panel-close").addEventListener("click", () => { el("panel").hidden = true; });
  el("message-close").addEventListener("click", () => message(""));
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
