// queengames._core.figures: the papers' figures as the library describes them (qg::figures,
// qg::plot): the catalogue, and each figure's description as Python dicts and numpy arrays,
// which queengames.plot draws with matplotlib — the description the CLI draws with cairo.
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bind.hpp"
#include "queengames/boards.hpp"
#include "queengames/figures.hpp"
#include "queengames/twopile.hpp"

namespace qg::python {

namespace {

namespace f = qg::figures;
namespace pl = qg::plot;

py::tuple rgb(Rgb c) { return py::make_tuple(c.r, c.g, c.b); }

py::array_t<double> doubles(const std::vector<double>& v) {
  return py::array_t<double>(static_cast<py::ssize_t>(v.size()), v.data());
}

py::array_t<std::uint8_t> colours(const std::vector<Rgb>& v) {
  py::array_t<std::uint8_t> out({static_cast<py::ssize_t>(v.size()), py::ssize_t{3}});
  auto a = out.mutable_unchecked<2>();
  for (std::size_t i = 0; i < v.size(); ++i) {
    const auto r = static_cast<py::ssize_t>(i);
    a(r, 0) = v[i].r, a(r, 1) = v[i].g, a(r, 2) = v[i].b;
  }
  return out;
}

py::dict bar(const pl::ColourBar& b) {
  py::list swatches;
  for (const pl::Swatch& s : b.swatches) swatches.append(py::make_tuple(s.label, rgb(s.colour)));
  py::dict d;
  d["label"] = b.label, d["gradient"] = colours(b.gradient), d["vmin"] = b.vmin, d["vmax"] = b.vmax;
  d["swatches"] = swatches;
  return d;
}

const char* rule(pl::Decimation d) { return d == pl::Decimation::majority ? "majority" : "minimum"; }

py::dict raster(const pl::Raster& r) {
  py::dict d;
  d["x0"] = r.x0, d["y0"] = r.y0, d["cell"] = r.cell, d["block"] = r.block, d["decimation"] = rule(r.decimation);
  std::vector<std::uint16_t> code = r.code;
  d["code"] = adopt(std::move(code), {static_cast<py::ssize_t>(r.rows), static_cast<py::ssize_t>(r.columns)});
  d["palette"] = colours(r.palette);
  d["bar"] = bar(r.bar);
  return d;
}

const char* marker(pl::Marker m) {
  return m == pl::Marker::square ? "square" : m == pl::Marker::disc ? "disc" : "ring";
}

py::dict panel(const pl::Panel& p) {
  py::dict d;
  d["title"] = p.title, d["x_label"] = p.x_label, d["y_label"] = p.y_label;
  d["x_range"] = py::make_tuple(p.x_min, p.x_max), d["y_range"] = py::make_tuple(p.y_min, p.y_max);
  d["y_down"] = p.y_down, d["equal_aspect"] = p.equal_aspect, d["cell_grid"] = p.cell_grid;
  d["x_ticks"] = p.x_ticks, d["y_ticks"] = p.y_ticks;
  d["x_tick_labels"] = p.x_tick_labels, d["y_tick_labels"] = p.y_tick_labels;
  py::list rasters, cells, lines, series, labels;
  for (const pl::Raster& r : p.rasters) rasters.append(raster(r));
  for (const pl::Cells& c : p.cells) {
    py::dict e;
    e["label"] = c.label, e["bar"] = bar(c.bar), e["shape"] = c.shape == pl::Shape::square ? "square" : "hexagon";
    e["size"] = c.size, e["outline"] = c.outline, e["x"] = doubles(c.x), e["y"] = doubles(c.y);
    e["colour"] = colours(c.colour);
    cells.append(e);
  }
  for (const pl::Line& l : p.lines) {
    py::dict e;
    e["label"] = l.label, e["colour"] = rgb(l.colour), e["width"] = l.width, e["dashed"] = l.dashed;
    e["x"] = doubles(l.x), e["y"] = doubles(l.y);
    lines.append(e);
  }
  for (const pl::Series& s : p.series) {
    py::dict e;
    e["label"] = s.label, e["colour"] = rgb(s.colour), e["marker"] = marker(s.marker), e["size"] = s.size;
    e["extent"] = s.extent, e["x"] = doubles(s.x), e["y"] = doubles(s.y), e["binned"] = s.binned,
    e["points"] = s.points;
    std::vector<std::uint32_t> count = s.count;
    e["count"] =
        adopt(std::move(count), {static_cast<py::ssize_t>(s.bin_rows), static_cast<py::ssize_t>(s.bin_columns)});
    series.append(e);
  }
  for (const pl::Label& l : p.labels) {
    py::dict e;
    e["text"] = l.text, e["x"] = l.x, e["y"] = l.y, e["ax"] = l.ax, e["ay"] = l.ay, e["size"] = l.size;
    e["colour"] = rgb(l.colour);
    labels.append(e);
  }
  d["rasters"] = rasters, d["cells"] = cells, d["lines"] = lines, d["series"] = series, d["labels"] = labels;
  return d;
}

py::dict figure_dict(const pl::Figure& fig) {
  py::dict d;
  d["title"] = fig.title, d["subtitle"] = fig.subtitle, d["note"] = fig.note;
  d["decimation_note"] = pl::decimation_note(fig);
  d["columns"] = fig.columns, d["width"] = fig.width, d["aspect"] = fig.aspect;
  py::list panels;
  for (const pl::Panel& p : fig.panels) panels.append(panel(p));
  d["panels"] = panels;
  return d;
}

f::Options options(const py::object& resolution, bool force) {
  f::Options o;
  o.resolution = static_cast<std::uint32_t>(to_u64(resolution, 16, 16384));
  o.progress = interruptible();
  o.force = force;
  return o;
}

template <class Build>
py::dict described(Build&& build) {
  pl::Figure fig;
  {
    py::gil_scoped_release release;
    fig = build();
  }
  return figure_dict(fig);
}

py::list catalogue() {
  py::list out;
  for (const f::Entry& e : f::catalogue()) {
    py::list parameters;
    for (const f::Parameter& p : e.parameters) {
      py::dict q;
      q["name"] = p.name, q["help"] = p.help, q["value"] = p.value, q["min"] = p.min, q["max"] = p.max;
      parameters.append(q);
    }
    py::dict d;
    d["id"] = e.id, d["alias"] = e.alias, d["seed"] = e.seed, d["paper"] = f::paper(e.seed), d["figure"] = e.figure;
    d["caption"] = e.caption, d["region"] = e.region, d["parameters"] = parameters, d["small"] = e.small;
    d["pixels"] = e.pixels, d["drawn"] = static_cast<bool>(e.build);
    d["command"] = e.build ? e.command() : "", d["python"] = e.build ? e.python() : "";
    out.append(d);
  }
  return out;
}

py::dict figure(const std::string& id, const py::dict& params, const py::object& resolution, bool force) {
  const f::Entry& e = f::entry(id);
  std::vector<std::optional<std::uint64_t>> given(e.parameters.size());
  for (const auto& [key, value] : params) {
    const std::string name = py::str(key);
    std::size_t i = 0;
    while (i < e.parameters.size() && e.parameters[i].name != name) ++i;
    if (i == e.parameters.size()) {
      std::string names;
      for (const f::Parameter& p : e.parameters) names += (names.empty() ? "" : ", ") + p.name;
      throw qg::InputError(
          fmt::format("{} takes no parameter '{}' (its parameters: {})", e.id, name, names.empty() ? "none" : names));
    }
    given[i] = to_u64(value);
  }
  const std::vector<std::uint64_t> v = f::values(e, given);
  const f::Options o = options(resolution, force);
  return described([&] { return f::build(e, v, o); });
}

py::array_t<std::uint16_t> decimate(const py::array_t<std::uint16_t, py::array::c_style | py::array::forcecast>& code,
                                    std::size_t codes, const std::string& rule_name, const py::object& block) {
  if (code.ndim() != 2) throw qg::InputError("a table's codes are a 2-dimensional array");
  pl::Raster r;
  r.rows = static_cast<std::uint32_t>(code.shape(0)), r.columns = static_cast<std::uint32_t>(code.shape(1));
  r.code.assign(code.data(), code.data() + code.size());
  r.palette.resize(codes);
  if (rule_name != "majority" && rule_name != "minimum")
    throw qg::InputError("a decimation rule is 'majority' or 'minimum', not '" + rule_name + "'");
  r.decimation = rule_name == "majority" ? pl::Decimation::majority : pl::Decimation::minimum;
  const pl::Raster d = pl::decimate(r, static_cast<std::uint32_t>(to_u64(block, 1, 1 << 20)));
  std::vector<std::uint16_t> out = d.code;
  return adopt(std::move(out), {static_cast<py::ssize_t>(d.rows), static_cast<py::ssize_t>(d.columns)});
}

std::string decimation_note(const std::vector<std::pair<std::string, std::uint32_t>>& blocks) {
  std::vector<pl::Raster> rasters(blocks.size());
  std::vector<const pl::Raster*> pointers;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    rasters[i].decimation = blocks[i].first == "minimum" ? pl::Decimation::minimum : pl::Decimation::majority;
    rasters[i].block = blocks[i].second;
    pointers.push_back(&rasters[i]);
  }
  return pl::decimation_note(pointers);
}

}  // namespace

void bind_figures(py::module_& m) {
  auto s =
      m.def_submodule("figures", "The papers' figures as the library describes them (queengames.plot draws them).");
  s.def("catalogue", &catalogue, "Every figure of the five papers: id, paper, caption, region, parameters, calls.");
  s.def("figure", &figure, py::arg("id"), py::arg("params") = py::dict(), py::arg("resolution") = 2048,
        py::arg("force") = false,
        "The description of a catalogue figure (ids or aliases as `queengames draw --list` prints them), computed "
        "for a drawing `resolution` pixels along its longer side.");
  s.def(
      "game",
      [](const std::string& ruleset, const py::object& size, bool lines, const py::object& resolution) {
        const qg::twopile::Ruleset r = qg::twopile::Ruleset::parse(ruleset);
        const std::uint64_t n = to_u64(size, 2, std::uint64_t{1} << 20);
        const f::Options o = options(resolution, false);
        return described([&] { return f::game_figure(r, n, lines, o); });
      },
      py::arg("ruleset"), py::arg("size") = 100, py::arg("lines") = false, py::arg("resolution") = 2048,
      "A game's P-positions with x, y < size, as `queengames draw game`.");
  s.def(
      "grundy",
      [](const std::string& name, const py::object& size, const std::string& piece, const py::object& resolution) {
        const std::uint64_t n = to_u64(size, 1, std::uint64_t{1} << 20);
        const f::Options o = options(resolution, false);
        return described([&] {
          qg::boards::GrundyOptions g;
          g.progress = o.progress;
          const qg::boards::Table t = qg::boards::parse_board_kind(name)
                                          ? qg::boards::board_window_table(*qg::boards::parse_board_kind(name),
                                                                           qg::boards::parse_piece(piece), n, n, g)
                                          : qg::boards::grundy_table(qg::twopile::Ruleset::parse(name), n, n, g);
          return f::grundy_figure(name, piece, n, t);
        });
      },
      py::arg("name"), py::arg("size"), py::arg("piece") = "queen", py::arg("resolution") = 2048,
      "A Sprague-Grundy table of a board or a ruleset (size N: N×N), as `queengames draw grundy`.");
  s.def(
      "palaces",
      [](const py::object& k, const py::object& width, const py::object& height, const py::object& x0,
         const py::object& y0, const py::object& resolution, const std::string& engine) {
        const f::Window w{to_u64(x0), to_u64(y0), to_u64(width, 1), to_u64(height, 1)};
        const std::uint64_t game = to_u64(k, 1);
        const f::Options o = options(resolution, false);
        return described([&] { return f::palaces_figure(game, w, o, engine); });
      },
      py::arg("k"), py::arg("width"), py::arg("height"), py::arg("x0") = 0, py::arg("y0") = 0,
      py::arg("resolution") = 2048, py::arg("engine") = "definition",
      "Palace numbers of game k in a window, as `queengames draw blocking`.");
  s.def(
      "comparison",
      [](const py::object& k1, const py::object& k2, const py::object& dx, const py::object& dy,
         const py::object& width, const py::object& height, const py::object& resolution) {
        const f::Window w{0, 0, to_u64(width, 1), to_u64(height, 1)};
        const std::uint64_t a = to_u64(k1, 1), b = to_u64(k2, 1), sx = to_u64(dx), sy = to_u64(dy);
        const f::Options o = options(resolution, false);
        return described([&] { return f::comparison_figure(a, b, sx, sy, w, o); });
      },
      py::arg("k1"), py::arg("k2"), py::arg("dx"), py::arg("dy"), py::arg("width"), py::arg("height"),
      py::arg("resolution") = 2048,
      "Game k1 against game k2 shifted by (dx, dy), as `queengames draw blocking --compare`.");
  s.def("decimate", &decimate, py::arg("code"), py::arg("codes"), py::arg("rule"), py::arg("block"),
        "A table's codes with blocks of block × block merged by the rule ('majority' or 'minimum'): the library's "
        "decimation, which the drawing applies when a table has more cells than its axes have pixels.");
  s.def("decimation_note", &decimation_note, py::arg("blocks"),
        "The note under a figure whose tables were decimated: a list of (rule, block).");
}

}  // namespace qg::python
