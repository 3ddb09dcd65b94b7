#include "core/background.h"

#include "load/yaml_reader.h"
#include "load/yaml_text.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace sandtable::studio {

namespace {
Point centre_of(const geometry::HexGrid& grid, geometry::Hex h) {
    const auto c = grid.centre(h);
    return {c.x, c.y};
}

// Less than a pixel apart: no scale can be had from the two points.
constexpr double kMinimumSpan = 1.0;
}  // namespace

Background::Placement Background::placement(const geometry::HexGrid& grid) const {
    const Point m0 = centre_of(grid, anchors[0]), m1 = centre_of(grid, anchors[1]);
    const Point p0 = image_points[0], p1 = image_points[1];
    Placement out;
    const bool has_x = std::fabs(p1.x - p0.x) >= kMinimumSpan && std::fabs(m1.x - m0.x) > 0;
    const bool has_y = std::fabs(p1.y - p0.y) >= kMinimumSpan && std::fabs(m1.y - m0.y) > 0;
    out.scale_x = has_x ? (m1.x - m0.x) / (p1.x - p0.x) : 1.0;
    out.scale_y = has_y ? (m1.y - m0.y) / (p1.y - p0.y) : out.scale_x;
    if (!has_x) out.scale_x = out.scale_y;  // a one-row or one-column map: keep the aspect
    out.origin = {m0.x - p0.x * out.scale_x, m0.y - p0.y * out.scale_y};
    return out;
}

Background fitted_background(const geometry::HexGrid& grid, const std::string& image, int width, int height) {
    Background b;
    b.image = image;
    b.anchors = {grid.hex_at(0), grid.hex_at(static_cast<int>(grid.size()) - 1)};
    // Map bounds (a hex radius around the outermost centres) onto the whole image.
    double left = 1e18, top = 1e18, right = -1e18, bottom = -1e18;
    for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
        const auto c = grid.centre(grid.hex_at(i));
        left = std::min(left, c.x - 1), right = std::max(right, c.x + 1);
        top = std::min(top, c.y - 1), bottom = std::max(bottom, c.y + 1);
    }
    for (int k = 0; k < 2; ++k) {
        const Point m = centre_of(grid, b.anchors[static_cast<std::size_t>(k)]);
        b.image_points[static_cast<std::size_t>(k)] = {std::round((m.x - left) / (right - left) * width),
                                                       std::round((m.y - top) / (bottom - top) * height)};
    }
    return b;
}

void move_anchor(Background& background, const geometry::HexGrid& grid, int i, Point map) {
    const Point image = background.placement(grid).to_image(map);
    Background moved = background;
    moved.image_points[static_cast<std::size_t>(i)] = {std::round(image.x), std::round(image.y)};
    const Point a = moved.image_points[0], b = moved.image_points[1];
    if (std::fabs(a.x - b.x) < kMinimumSpan || std::fabs(a.y - b.y) < kMinimumSpan)
        throw std::invalid_argument(
            "the two handles must be apart across and down the scan: put them on hexes far apart");
    background = moved;
}

// Not a .yaml name: `sandtable validate` and the schema check read every
// .yaml file of a scenarios folder as a scenario.
std::string background_path(const std::string& scenario_file) { return scenario_file + ".background"; }

std::string background_to_yaml(const Background& b, const geometry::HexGrid& grid) {
    std::ostringstream out;
    out << "# The studio's background scan under the map (the runtime does not read this file).\n";
    out << "image: " << load::yaml_quoted(b.image) << "\n";
    out << "opacity: " << static_cast<int>(std::lround(b.opacity * 100)) << "  # percent\n";
    out << "visible: " << (b.visible ? "true" : "false") << "\n";
    out << "anchors:  # where the scan shows these hexes' centres, in image pixels\n";
    for (std::size_t k = 0; k < 2; ++k)
        out << "  - { hex: \"" << grid.label(b.anchors[k]) << "\", image: [" << static_cast<long>(b.image_points[k].x)
            << ", " << static_cast<long>(b.image_points[k].y) << "] }\n";
    return out.str();
}

namespace {
void read_anchor(const YAML::Node& node, const std::string& file, load::DiagnosticSink& sink,
                 const geometry::HexGrid& grid, Background& b, std::size_t k) {
    load::MapReader r(node, file, sink, "an anchor ({ hex: \"0101\", image: [x, y] })");
    if (!r.valid()) return;
    const std::string label = r.text("hex", {.required = true});
    if (auto hex = grid.parse_label(label))
        b.anchors[k] = *hex;
    else if (!label.empty())
        sink.error(r.where("hex"), "'" + label + "' is not a hex of this map");
    YAML::Node image = r.child("image", {.required = true});
    if (!image.IsSequence() || image.size() != 2) {
        if (image.IsDefined())
            sink.error(load::location_of(image, file),
                       "'image' must be the pixel [x, y] of the hex's centre on the scan");
        return;
    }
    const auto x = load::read_int(image[0], file, sink, "an image x"),
               y = load::read_int(image[1], file, sink, "an image y");
    if (x && y) b.image_points[k] = {static_cast<double>(*x), static_cast<double>(*y)};
}
}  // namespace

Background background_from_yaml(const std::string& text, const std::string& file, const geometry::HexGrid& grid) {
    load::DiagnosticSink sink;
    const load::YamlFile yaml = load::parse_yaml_text(text, file, sink);
    sink.throw_if_any();
    Background b;
    {
        load::MapReader top(yaml.root, file, sink, "a background file");
        if (!top.valid()) sink.throw_if_any();
        b.image = top.text("image", {.required = true});
        b.opacity = top.integer("opacity", {.fallback = 60, .min = 0, .max = 100}) / 100.0;
        b.visible = top.boolean("visible", {.fallback = true});
        YAML::Node anchors = top.child("anchors", {.required = true});
        if (anchors.IsSequence() && anchors.size() == 2) {
            for (std::size_t k = 0; k < 2; ++k) read_anchor(anchors[k], file, sink, grid, b, k);
        } else if (anchors.IsDefined()) {
            sink.error(load::location_of(anchors, file), "'anchors' must list two hexes with their image pixels");
        }
    }
    sink.throw_if_any();
    if (b.anchors[0] == b.anchors[1])
        throw load::LoadError({{{file, 0, 0}, "the two anchors must be different hexes"}});
    return b;
}

}  // namespace sandtable::studio
