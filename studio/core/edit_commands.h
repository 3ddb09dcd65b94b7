// Every edit of a scenario is a command that can be applied and undone, and
// names itself for the Edit menu ("Undo Paint Woods"). A brush stroke is one
// command holding every hex it changed.
#pragma once

#include "core/scenario_document.h"
#include "geometry/hex.h"

#include <memory>
#include <string>
#include <vector>

namespace sandtable::studio {

class EditCommand {
public:
    virtual ~EditCommand() = default;
    virtual std::string name() const = 0;
    virtual void apply(ScenarioDocument& doc) = 0;
    virtual void undo(ScenarioDocument& doc) = 0;
    // The parts of the document it changes (undone, the same parts change back).
    virtual DocumentChanges changes() const = 0;
};

// Terrain painted on a set of hexes (one brush stroke).
class PaintTerrain : public EditCommand {
public:
    PaintTerrain(const ScenarioDocument& doc, int terrain, const std::vector<geometry::Hex>& hexes);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::Map}; }
    bool empty() const { return changes_.empty(); }

private:
    struct Change {
        int hex;
        int before;
    };
    int terrain_;
    std::vector<Change> changes_;
    std::string name_;
};

// Elevation (a level 0-9, for line of sight over hills) painted on a set of
// hexes (one brush stroke).
class PaintElevation : public EditCommand {
public:
    PaintElevation(const ScenarioDocument& doc, int level, const std::vector<geometry::Hex>& hexes);
    std::string name() const override { return "Paint Elevation " + std::to_string(level_); }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::Map}; }

private:
    int level_;
    std::vector<std::pair<int, int>> changes_;  // hex index, level before
};

// A hexside feature (river, wall) or a path (road, trail) set on hexsides —
// one clicked, or every side a drag drew — or cleared from them (feature -1).
class SetHexsideLayer : public EditCommand {
public:
    enum class Layer { Feature, Path };
    SetHexsideLayer(const ScenarioDocument& doc, Layer layer, geometry::Hex hex, int direction, int feature);
    SetHexsideLayer(const ScenarioDocument& doc, Layer layer, const std::vector<std::pair<geometry::Hex, int>>& sides,
                    int feature);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::Map}; }
    bool empty() const { return sides_.empty(); }

private:
    void set(ScenarioDocument& doc, geometry::Hex hex, int direction, int feature) const;
    struct Side {
        geometry::Hex hex;
        int direction;
        int before;
    };
    Layer layer_;
    std::vector<Side> sides_;  // those the edit changes
    int feature_;
    std::string name_;
};

// One cell of an odds CRT changed to another result code.
class SetTableCell : public EditCommand {
public:
    SetTableCell(const ScenarioDocument& doc, int table, int row, int column, std::string result);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::Tables}; }

private:
    int table_, row_, column_;
    std::string result_, before_;
    std::string name_;
};

// A unit moved to another hex of the set-up.
class MoveUnit : public EditCommand {
public:
    MoveUnit(const ScenarioDocument& doc, int unit, geometry::Hex to);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::Scenario}; }

private:
    int unit_;
    geometry::Hex from_, to_;
    std::string name_;
};

// Applied commands with undo and redo.
class EditHistory {
public:
    // Each announces what the command changed to the document's views;
    // `made_in`: the view the edit was made in, which shows it already.
    void perform(ScenarioDocument& doc, std::unique_ptr<EditCommand> command, const void* made_in = nullptr);
    bool can_undo() const { return done_ > 0; }
    bool can_redo() const { return done_ < commands_.size(); }
    std::string undo_name() const { return can_undo() ? commands_[done_ - 1]->name() : std::string(); }
    std::string redo_name() const { return can_redo() ? commands_[done_]->name() : std::string(); }
    void undo(ScenarioDocument& doc);
    void redo(ScenarioDocument& doc);

private:
    std::vector<std::unique_ptr<EditCommand>> commands_;
    std::size_t done_ = 0;
};

}  // namespace sandtable::studio
