// The view of queengames.widgets.Atlas (anywidget): the atlas's page of the widget's child server
// in an iframe. The page posts each clicked cell to its parent (web/atlas.js, when embedded); the
// messages of this frame alone are written to `selected`.
function render({ model, el }) {
  const frame = document.createElement("iframe");
  frame.className = "queengames-atlas";
  frame.style.width = "100%";
  frame.style.border = "1px solid #ccc";
  const update = () => {
    frame.style.height = `${model.get("height")}px`;
    if (frame.src !== model.get("url")) frame.src = model.get("url");
  };
  const receive = (event) => {
    if (event.source !== frame.contentWindow || event.origin !== new URL(model.get("url")).origin) return;
    const data = event.data;
    if (!data || data.source !== "queengames-atlas" || data.kind !== "cell") return;
    model.set("selected", data.cell);
    model.save_changes();
  };
  window.addEventListener("message", receive);
  model.on("change:url", update);
  model.on("change:height", update);
  update();
  el.append(frame);
  return () => {
    window.removeEventListener("message", receive);
    model.off("change:url", update);
    model.off("change:height", update);
  };
}

export default { render };
