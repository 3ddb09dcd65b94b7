#include "render/hex_rasterizer.h"

#include "render/hex_spans.h"

#include <algorithm>
#include <functional>
#include <thread>

namespace sandtable::studio {

namespace {

using Pixel = std::uint32_t;
constexpr Pixel kNothing = 0;  // transparent black, premultiplied

Pixel pixel_of(const wxColour& c) {
    return 0xFF000000u | (static_cast<Pixel>(c.Red()) << 16) | (static_cast<Pixel>(c.Green()) << 8) | c.Blue();
}

constexpr std::size_t kNoLine = static_cast<std::size_t>(-1);  // a colour index for "no grid"
// Below this many hexes a thread costs more than it saves; above, a few
// bands are plenty (painting is bound by memory as much as by arithmetic).
constexpr int kHexesWorthAThread = 2000;
constexpr unsigned kMostBands = 4;

// One image of the terrain and the part of the view it covers.
class Piece {
public:
    Piece(const wxRect& area, bool opaque)
        : area_(area),
          pixels_(static_cast<std::size_t>(area.width) * static_cast<std::size_t>(area.height), kNothing),
          opaque_(opaque) {}

    void fill(const PixelSpan& span, Pixel colour) {
        const int y = span.y - area_.y;
        if (y < 0 || y >= area_.height) return;
        const int begin = std::max(span.x_begin - area_.x, 0), end = std::min(span.x_end - area_.x, area_.width);
        if (begin < end)
            std::fill_n(pixels_.begin() + static_cast<std::ptrdiff_t>(index(begin, y)), end - begin, colour);
    }

    bool holds(const PixelSpan& span) const {
        return span.y >= area_.y && span.y < area_.y + area_.height && span.x_begin >= area_.x &&
               span.x_end <= area_.x + area_.width;
    }

    bool transparent_at(int x, int y) const {
        return !opaque_ && area_.Contains(x, y) && pixels_[index(x - area_.x, y - area_.y)] == kNothing;
    }

    TerrainPiece take() { return {area_, std::move(pixels_), opaque_}; }

private:
    std::size_t index(int x, int y) const {
        return static_cast<std::size_t>(y) * static_cast<std::size_t>(area_.width) + static_cast<std::size_t>(x);
    }

    wxRect area_;
    std::vector<Pixel> pixels_;
    bool opaque_;
};

// The pieces together, written as one picture; colours by palette index.
class ImagePixels {
public:
    ImagePixels(std::vector<Piece>& pieces, std::vector<Pixel> colours)
        : pieces_(pieces), colours_(std::move(colours)) {}

    void fill(const PixelSpan& span, std::size_t colour) {
        // Pieces do not overlap: a span inside one (the usual case) is done.
        for (Piece& piece : pieces_)
            if (piece.holds(span)) return piece.fill(span, colours_[colour]);
        for (Piece& piece : pieces_) piece.fill(span, colours_[colour]);
    }

    // For the line along the map's edge, which goes on pixels no hex has.
    void fill_if_transparent(int x, int y, std::size_t colour) {
        for (Piece& piece : pieces_)
            if (piece.transparent_at(x, y)) piece.fill(PixelSpan{y, x, x + 1}, colours_[colour]);
    }

private:
    std::vector<Piece>& pieces_;
    std::vector<Pixel> colours_;
};

// `area` as an opaque piece where the hexes surely cover it, and pieces with
// alpha for the ragged frame around that.
std::vector<Piece> cut_into_pieces(const wxRect& area, const MapView& view) {
    const PixelRect inside = covered_interior(view);
    const wxRect core =
        inside.empty()
            ? wxRect()
            : area.Intersect(wxRect(inside.left, inside.top, inside.right - inside.left, inside.bottom - inside.top));
    std::vector<Piece> pieces;
    if (core.IsEmpty()) {
        pieces.emplace_back(area, false);
        return pieces;
    }
    pieces.emplace_back(core, true);
    const wxRect frame[] = {{area.x, area.y, area.width, core.y - area.y},                                    // above
                            {area.x, core.GetBottom() + 1, area.width, area.GetBottom() - core.GetBottom()},  // below
                            {area.x, core.y, core.x - area.x, core.height},                                   // left
                            {core.GetRight() + 1, core.y, area.GetRight() - core.GetRight(), core.height}};   // right
    for (const wxRect& part : frame)
        if (!part.IsEmpty()) pieces.emplace_back(part, false);
    return pieces;
}

// A hex's fill, and the grid line along its right and bottom outline: the
// last pixel of each row and the pixels with none of the hex below them.
// The hexes to the right and below draw nothing along the same sides, so
// every line is one pixel wide.
void paint_hex(ImagePixels& pixels, const std::vector<PixelSpan>& spans, std::size_t fill, std::size_t line) {
    for (std::size_t k = 0; k < spans.size(); ++k) {
        const PixelSpan& row = spans[k];
        if (row.empty()) continue;
        if (line == kNoLine) {
            pixels.fill(row, fill);
            continue;
        }
        const auto parts = split_for_outline(row, k + 1 < spans.size() ? spans[k + 1] : PixelSpan{});
        pixels.fill(parts.line_left, line);
        pixels.fill(parts.inside, fill);
        pixels.fill(parts.line_right, line);
    }
}

// Left of and above a hex on the map's edge lie pixels of no hex: the line
// along its left and top outline goes there, closing the map with the same
// one-pixel line as everywhere else.
void outline_left_and_top(ImagePixels& pixels, const std::vector<PixelSpan>& spans, std::size_t line) {
    for (std::size_t k = 0; k < spans.size(); ++k) {
        const PixelSpan& row = spans[k];
        if (row.empty()) continue;
        pixels.fill_if_transparent(row.x_begin - 1, row.y, line);
        const PixelSpan above = k > 0 ? spans[k - 1] : PixelSpan{};
        for_each_part_outside(row, above, [&](const PixelSpan& part) {
            for (int x = part.x_begin; x < part.x_end; ++x) pixels.fill_if_transparent(x, row.y - 1, line);
        });
    }
}

bool on_map_edge(const geometry::HexGrid& grid, int index) {
    for (int d = 0; d < 6; ++d)
        if (grid.neighbour_index(index, d) < 0) return true;
    return false;
}

// Corners relative to a hex's centre are the same for every hex at one
// zoom: found once, not with six sines and cosines per hex.
std::array<Point, 6> corner_offsets(const MapView& view, const geometry::HexGrid& grid) {
    const geometry::Hex h = grid.hex_at(0);
    const Point c = view.centre(h);
    auto corners = view.corners(h);
    for (auto& p : corners) p = {p.x - c.x, p.y - c.y};
    return corners;
}

std::array<Point, 6> corners_around(Point centre, const std::array<Point, 6>& offsets) {
    std::array<Point, 6> corners{};
    for (std::size_t i = 0; i < corners.size(); ++i) corners[i] = {centre.x + offsets[i].x, centre.y + offsets[i].y};
    return corners;
}

}  // namespace

wxImage TerrainPiece::to_image() const {
    wxImage image(area.width, area.height, false);
    if (!opaque) image.SetAlpha();
    unsigned char* rgb = image.GetData();
    unsigned char* alpha = image.GetAlpha();
    for (std::size_t i = 0; i < pixels.size(); ++i) {
        const Pixel p = pixels[i];
        rgb[i * 3] = static_cast<unsigned char>(p >> 16), rgb[i * 3 + 1] = static_cast<unsigned char>(p >> 8),
                rgb[i * 3 + 2] = static_cast<unsigned char>(p);
        if (alpha) alpha[i] = static_cast<unsigned char>(p >> 24);
    }
    return image;
}

std::vector<TerrainPiece> rasterize_terrain(const MapView& view, const geometry::HexGrid& grid,
                                            const std::vector<int>& terrain, const TerrainPalette& palette,
                                            const wxRect& area, int bands) {
    std::vector<Piece> pieces = cut_into_pieces(area, view);
    // Colour indices: the terrains, then one for unknown terrain, then the grid's.
    std::vector<Pixel> colours;
    for (const auto& c : palette.terrain_colours) colours.push_back(pixel_of(c));
    const std::size_t unknown = colours.size();
    colours.push_back(pixel_of(wxColour(200, 200, 200)));
    const std::size_t line = palette.grid ? colours.size() : kNoLine;
    if (palette.grid) colours.push_back(pixel_of(*palette.grid));
    ImagePixels pixels(pieces, std::move(colours));
    const auto offsets = grid.size() > 0 ? corner_offsets(view, grid) : std::array<Point, 6>{};
    const double reach = view.scale() + 2;  // the radius, and the outline just outside it
    // Hexes tile the image without sharing a pixel, so bands of hexes are
    // painted side by side on the machine's cores, each into its own pixels.
    auto paint_band = [&](int begin, int end, std::vector<Point>& edge_centres) {
        std::vector<PixelSpan> spans;  // one vector for every hex of the band
        for (int i = begin; i < end; ++i) {
            const Point c = view.centre(grid.hex_at(i));
            if (c.x + reach < area.x || c.y + reach < area.y || c.x - reach > area.GetRight() + 1 ||
                c.y - reach > area.GetBottom() + 1)
                continue;
            const int t = terrain[static_cast<std::size_t>(i)];
            convex_polygon_spans(corners_around(c, offsets), spans);
            paint_hex(pixels, spans,
                      t >= 0 && static_cast<std::size_t>(t) < unknown ? static_cast<std::size_t>(t) : unknown, line);
            if (line != kNoLine && on_map_edge(grid, i)) edge_centres.push_back(c);
        }
    };
    const int hexes = static_cast<int>(grid.size());
    if (bands <= 0)
        bands = hexes < kHexesWorthAThread
                    ? 1
                    : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, kMostBands));
    std::vector<std::vector<Point>> edge_centres(
        static_cast<std::size_t>(bands));  // outlined once every hex is painted
    {
        std::vector<std::jthread> helpers;
        for (int b = 1; b < bands; ++b)
            helpers.emplace_back(paint_band, hexes * b / bands, hexes * (b + 1) / bands,
                                 std::ref(edge_centres[static_cast<std::size_t>(b)]));
        paint_band(0, hexes / bands, edge_centres[0]);
    }  // the helpers join here
    // The line along the map's edge may cross from one band's pixels into another's: drawn after all.
    std::vector<PixelSpan> spans;
    for (const auto& band : edge_centres)
        for (const Point c : band) {
            convex_polygon_spans(corners_around(c, offsets), spans);
            outline_left_and_top(pixels, spans, line);
        }
    std::vector<TerrainPiece> out;
    for (Piece& piece : pieces) out.push_back(piece.take());
    return out;
}

}  // namespace sandtable::studio
