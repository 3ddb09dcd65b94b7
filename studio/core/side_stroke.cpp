#include "core/side_stroke.h"

#include "core/brushes.h"

#include <algorithm>
#include <array>

namespace sandtable::studio {

using geometry::Hex;

namespace {
bool same_side(SideRef x, SideRef y) {
    if (x == y) return true;
    return geometry::neighbour(x.first, x.second) == y.first && geometry::neighbour(y.first, y.second) == x.first;
}

SideRef side_of(Hex a, Hex b) { return {a, geometry::direction_to(a, b)}; }

// The four sides that meet a side at its two ends: at each corner, the hex's
// next side round and the side between the two hexes beyond it.
std::array<SideRef, 4> touching(SideRef side) {
    const auto [h, d] = side;
    const Hex across = geometry::neighbour(h, d);
    const Hex left = geometry::neighbour(h, (d + 1) % 6), right = geometry::neighbour(h, (d + 5) % 6);
    return {{{h, (d + 1) % 6}, side_of(across, left), {h, (d + 5) % 6}, side_of(across, right)}};
}

bool on_map(const rules::MapData& map, SideRef side) {
    return map.grid.contains(side.first) && map.grid.contains(geometry::neighbour(side.first, side.second));
}

// The sides that join `from` to `to` end to end, shortest first (both left
// out), so a river drawn quickly stays one line; empty when they are far apart.
std::vector<SideRef> joining(const rules::MapData& map, SideRef from, SideRef to) {
    constexpr std::size_t kFarthest = 400;                  // sides looked at: a few hexes' worth
    std::vector<std::pair<SideRef, int>> seen{{from, -1}};  // side, index of the side it was reached from
    for (std::size_t i = 0; i < seen.size() && seen.size() < kFarthest; ++i) {
        for (const SideRef& next : touching(seen[i].first)) {
            if (!on_map(map, next) ||
                std::any_of(seen.begin(), seen.end(), [&](const auto& s) { return same_side(s.first, next); }))
                continue;
            seen.push_back({next, static_cast<int>(i)});
            if (!same_side(next, to)) continue;
            std::vector<SideRef> chain;  // back from the side `to` was reached from, to just after `from`
            for (std::size_t k = i; k > 0; k = static_cast<std::size_t>(seen[k].second)) chain.push_back(seen[k].first);
            return {chain.rbegin(), chain.rend()};
        }
    }
    return {};
}
}  // namespace

SideStroke::SideStroke(const rules::MapData& map, Kind kind, std::optional<Hex> hex, std::optional<SideRef> side)
    : map_(map), kind_(kind), last_hex_(hex), pressed_(side) {
    if (kind_ == Kind::Hexsides && side) add(*side);
}

void SideStroke::add(SideRef side) {
    auto known = [&](SideRef x) {
        return std::any_of(sides_.begin(), sides_.end(), [&](SideRef s) { return same_side(s, x); });
    };
    if (known(side)) return;
    // A river's sides join end to end: those the pointer skipped are filled in.
    if (kind_ == Kind::Hexsides && !sides_.empty()) {
        const auto ends = touching(sides_.back());
        if (std::none_of(ends.begin(), ends.end(), [&](SideRef e) { return same_side(e, side); }))
            for (const SideRef& between : joining(map_, sides_.back(), side))
                if (!known(between)) sides_.push_back(between);
    }
    sides_.push_back(side);
}

void SideStroke::step_to(Hex hex) {
    if (!last_hex_) {
        last_hex_ = hex;
        return;
    }
    if (hex == *last_hex_) return;
    const auto line = line_hexes(map_, *last_hex_, hex);
    for (std::size_t i = 1; i < line.size(); ++i) {
        const int direction = geometry::direction_to(line[i - 1], line[i]);
        if (direction >= 0) add({line[i - 1], direction});
    }
    last_hex_ = hex;
}

void SideStroke::moved(std::optional<Hex> hex, std::optional<SideRef> side) {
    if (kind_ == Kind::Hexsides) {
        if (side) add(*side);
    } else if (hex) {
        step_to(*hex);
    }
}

namespace {
// Sides of a river with a loose end other than the line's two ends — spurs a
// wobbling pointer left beside the line — taken away until none is left.
std::vector<SideRef> without_spurs(std::vector<SideRef> sides) {
    auto meets = [&](SideRef side, SideRef a, SideRef b) {
        return std::any_of(sides.begin(), sides.end(),
                           [&](SideRef s) { return !same_side(s, side) && (same_side(s, a) || same_side(s, b)); });
    };
    for (bool pruned = true; pruned && sides.size() > 2;) {
        pruned = false;
        for (std::size_t i = 1; i + 1 < sides.size(); ++i) {
            const auto t = touching(sides[i]);
            if (meets(sides[i], t[0], t[1]) && meets(sides[i], t[2], t[3])) continue;
            sides.erase(sides.begin() + static_cast<std::ptrdiff_t>(i));
            pruned = true;
            break;
        }
    }
    return sides;
}
}  // namespace

std::vector<SideRef> SideStroke::sides() const {
    if (kind_ == Kind::Path && sides_.empty() && pressed_) return {*pressed_};
    return kind_ == Kind::Hexsides ? without_spurs(sides_) : sides_;
}

int stroke_feature(const rules::MapData& map, SideStroke::Kind kind, const std::vector<SideRef>& sides, int feature) {
    if (sides.empty()) return feature;
    const auto [hex, direction] = sides.front();
    const int there =
        kind == SideStroke::Kind::Hexsides ? map.side_feature(hex, direction) : map.path_feature(hex, direction);
    return there == feature ? -1 : feature;
}

}  // namespace sandtable::studio
