// An artillery chart (Cady's artillery sections): what each shot a gun can
// fire does where it lands (its template and the dice for the figures under
// it), the variation wheel that moves a called shot off its mark, and which
// shots each gun fires at which ranges, with its ammunition.
#pragma once

#include "rules/source_location.h"

#include <string>
#include <utility>
#include <vector>

namespace sandtable::rules {

struct ShotSpec {
    enum class Template { Circle, Line, BounceStick, Wedge };
    std::string id;
    std::string name;  // as players call it ("6 pdr round shot"); the id with spaces when not given
    Template shape = Template::Circle;
    double size = 8;           // circle: diameter; line: length; bounce stick: its length; wedge: unused
    double near_width = 0;     // wedge: across the gun's front
    double far_width = 0;      // wedge: at its range
    std::vector<int> kill_on;  // a d6 per figure under the template (not for a bounce stick: its painted parts kill)
    std::vector<int> piece_kill_on;                  // the same for a gun or wagon under it
    bool at_least_one = false;                       // if any figure is under it, at least one falls
    std::vector<std::pair<double, double>> painted;  // bounce stick: cm from its tip where the ball strikes
    std::vector<double> stick_variation;             // bounce stick: cm the hit point moves, by d6 face 1-6
    bool varies = true;                              // a called shot that may be moved by the wheel (canister: no)
    SourceLocation where;
};

struct GunShot {
    int shot = 0;          // index into ArtilleryChart::shots
    double min_range = 0;  // `from`: not fired at called ranges under this (machines that throw in an arc), cm
    double range = 0;      // fired at called ranges up to this, cm
    int ammunition = 0;    // rounds for the game; 0: unlimited
};

struct ArtilleryChart {
    std::string id;
    std::string name;
    std::string notes;
    double unvaried_within = 1.0 / 3;  // called ranges up to this share of the gun's range land on the mark
    // The wheel by d6 face (1-6): how far the hit point moves (ahead, right), cm; faces not listed stay.
    std::vector<std::pair<int, std::pair<double, double>>> wheel;
    std::vector<ShotSpec> shots;
    std::vector<std::pair<int, std::vector<GunShot>>> guns;  // by unit type index
    SourceLocation where;

    const std::vector<GunShot>* gun(int unit_type) const;
    double max_range(int unit_type) const;
    std::pair<double, double> wheel_offset(int face) const;
    int shot_index(const std::string& id) const;
};

}  // namespace sandtable::rules
