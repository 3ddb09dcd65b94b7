// A scenario open in the studio: the model being edited, where it came from,
// whether it changed since it was last saved, and saving (atomically; an
// unchanged document is written back byte for byte as it was read).
#pragma once

#include "core/document_changes.h"
#include "core/ruleset_layers.h"
#include "core/script_buffers.h"
#include "load/file_transaction.h"
#include "load/loader.h"
#include "load/scenario_writer.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::studio {

class ScenarioDocument {
public:
    // Throws load::LoadError with every problem when the file does not load.
    static ScenarioDocument open(const std::string& file);
    // The files as last saved, with the autosaves beside them (work recovered
    // after a crash: the scenario, unit types, rule modules, tables):
    // modified until saved.
    static ScenarioDocument recover(const std::string& file, const std::string& autosave);
    // Where autosaves of a file go, and whether one is newer than the file.
    static std::string autosave_path(const std::string& file) { return file + ".autosave"; }
    static bool has_newer_autosave(const std::string& file);
    // The folder every file a save may write lies in (the scenario's, the
    // ruleset's, the script library's, the house rules'), for `scenario_file`.
    std::string project_root(const std::string& scenario_file) const;
    std::string project_root() const { return project_root(file_); }
    // Writes the model beside the file (atomically), beside each ruleset
    // or table file the model changed its text, and beside each script typed
    // in its typing; removed by save().
    void autosave(const load::FileOps& ops = load::real_file_ops());
    // Removes every autosave of the project: the work they held was declined
    // or thrown away, and must not be offered again.
    void discard_autosaves() const;
    // The files of the project with an autosave beside them: what recovering would bring back.
    std::vector<std::string> autosaved_files() const;

    // Views subscribe to hear what each edit changed (document_changes.h);
    // the EditHistory announces it.
    [[nodiscard]] ChangeSubscription on_change(ChangeNotifier::Listener listener) const {
        return notifier_.subscribe(std::move(listener));
    }
    void announce(const DocumentChanges& changes) const { notifier_.announce(changes); }

    const rules::Ruleset& ruleset() const { return *ruleset_; }
    const rules::Scenario& scenario() const { return scenario_; }
    rules::Scenario& edit() { return scenario_; }         // for edit commands only
    rules::Ruleset& edit_ruleset() { return *ruleset_; }  // tables, unit types, rule modules: for edit commands only
    const std::string& file() const { return file_; }
    // The rule scripts as typed in the studio (saved with the rest).
    ScriptBuffers& scripts() { return scripts_; }
    const ScriptBuffers& scripts() const { return scripts_; }
    // The Lua files of the ruleset's rule modules, each once.
    std::vector<std::string> script_files() const;
    // Every file save() would write now: the scenario, ruleset and table
    // files, a house rule's patch, scripts.
    std::vector<std::string> pending_files() const;

    // With house rules (the scenario's `house_rules:`), where each value comes
    // from; ruleset edits are then saved into the last house rule, never into
    // the ruleset's own files. nullptr without house rules.
    const RulesetLayers* layers() const { return layers_ ? &*layers_ : nullptr; }
    std::vector<std::string> house_rule_dirs() const;  // the scenario's house_rules, resolved
    // What the scenario's house rules change in the ruleset, as saved (the
    // text of `sandtable rules diff`); says so when it has none.
    std::string house_rule_changes() const;
    // Where ruleset edits are saved: "the ruleset bmw 1.0.0 (…)" or "house rule 'x' (…/studio.yaml)".
    std::string edit_target() const;
    // Whether typing into this script may be kept: with a house rule as the target of edits, only its own
    // scripts (in its folder) are; the ruleset's and the library's stay as they are (docs/house-rules.md).
    bool script_editable(const std::string& file) const;
    // Creates a house rule folder under the ruleset's house-rules/, adds it to
    // the scenario's house_rules (saved with the scenario) and makes it the
    // target of ruleset edits, the unsaved ones included. Throws
    // std::runtime_error when the folder exists or the id is not a plain name.
    void start_house_rule(const std::string& id, const std::string& name);

    // The YAML the document saves to.
    std::string to_yaml() const;
    // Whether the model differs from what was last opened or saved (an edit
    // undone again is no change): the scenario, any table, the unit types
    // or the rule modules.
    bool modified() const;
    // Whether the files on disk hold what this document last read or saved:
    // a change another program made is a difference, the studio's own save is none.
    bool same_as_on_disk() const;

    void save(const load::FileOps& ops = load::real_file_ops());
    // Saves the scenario as another file (and every changed ruleset file and
    // script), which the document is then: its id is made from the file's
    // name, and its ruleset and house rules are named as seen from there.
    void save_as(const std::string& file, const load::FileOps& ops = load::real_file_ops());
    // Writes a new blank scenario of this ruleset (blank_scenario) to `file`;
    // refused (std::runtime_error) when the file exists. Open it to edit it.
    void write_blank_scenario(const std::string& file, const load::FileOps& ops = load::real_file_ops()) const;

private:
    std::shared_ptr<rules::Ruleset> ruleset_;                // the studio's own copy: tables are edited in it
    std::map<std::string, std::string> table_texts() const;  // table file -> YAML of the model
    std::map<std::string, std::string> saved_tables_;        // table file -> YAML as last opened or saved
    // Unit types and rule modules live in ruleset.yaml beside the rest of the
    // ruleset, so only their blocks of the text as read are replaced when
    // they change.
    bool unit_types_changed() const;
    bool rule_modules_changed() const;
    void ruleset_files_saved(const std::map<std::string, std::string>& written);
    void stage_house_rule(const std::map<std::string, std::string>& changed, load::FileTransaction& save) const;
    void check_house_rule_saved(const std::map<std::string, std::optional<std::string>>& before,
                                const load::FileOps& ops);
    void write_to(const std::string& file, const load::FileOps& ops);

    void take_locations_from_saved_files();
    std::vector<std::string> ruleset_files() const;  // ruleset.yaml and every table file
    // File -> text of every ruleset file the model changed since the last save.
    std::map<std::string, std::string> changed_ruleset_files() const;
    std::string ruleset_text_;        // ruleset.yaml as read or last saved
    std::string saved_unit_types_;    // the unit types as last opened or saved (unit_types_to_yaml)
    std::string saved_rule_modules_;  // the rule modules as last opened or saved (rule_modules_to_yaml)
    rules::Scenario scenario_;
    std::string file_;
    mutable ChangeNotifier notifier_;  // subscribing changes nothing a reader of the document sees
    std::string original_text_;        // the bytes on disk, written back while nothing changed
    std::string saved_yaml_;           // the model as last opened or saved
    std::optional<RulesetLayers> layers_;
    std::string saved_patch_;  // with house rules: the studio patch as last opened or saved
    ScriptBuffers scripts_;
    void load_layers();
};

// A view's subscription to `doc` (none when doc is nullptr): `refresh` runs
// after an edit, undo or redo that changed one of `parts`, unless the edit was
// made in `view`, which shows it already.
[[nodiscard]] ChangeSubscription watch_document(const ScenarioDocument* doc, const void* view, DocumentChanges parts,
                                                std::function<void()> refresh);

}  // namespace sandtable::studio
