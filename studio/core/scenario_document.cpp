#include "core/scenario_document.h"

#include "core/autosave_recovery.h"
#include "core/scenario_files.h"
#include "load/file_transaction.h"
#include "load/house_patch_writer.h"
#include "load/ruleset_writer.h"
#include "load/table_writer.h"
#include "script/house_rules_report.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace sandtable::studio {

ScenarioDocument ScenarioDocument::open(const std::string& file) {
    ScenarioDocument doc;
    load::LoadedGame loaded = load::load_scenario(file);
    doc.ruleset_ = std::make_shared<rules::Ruleset>(*loaded.ruleset);
    doc.saved_tables_ = doc.table_texts();
    doc.ruleset_text_ = load::read_file(doc.ruleset_->where.file);
    doc.saved_unit_types_ = load::unit_types_to_yaml(*doc.ruleset_);
    doc.saved_rule_modules_ = load::rule_modules_to_yaml(*doc.ruleset_);
    doc.scenario_ = *loaded.scenario;
    doc.file_ = file;
    doc.original_text_ = load::read_file(file);
    doc.saved_yaml_ = doc.to_yaml();
    if (!doc.scenario_.house_rules.empty()) doc.load_layers();
    return doc;
}

std::vector<std::string> ScenarioDocument::house_rule_dirs() const {
    std::vector<std::string> dirs;
    const std::filesystem::path here = std::filesystem::path(scenario_.file).parent_path();
    for (const auto& h : scenario_.house_rules) dirs.push_back((here / h).lexically_normal().string());
    return dirs;
}

// The layers as on disk, and the studio patch as saved there.
void ScenarioDocument::load_layers() {
    layers_ = RulesetLayers::load(scenario_.ruleset_dir, house_rule_dirs());
    saved_patch_ = load::patch_between(layers_->reference(), layers_->on_disk());
}

std::string ScenarioDocument::house_rule_changes() const {
    const auto dirs = house_rule_dirs();
    if (dirs.empty())
        return "The scenario plays " + ruleset_->name +
               " as the ruleset has it: it applies no house rules (house_rules:).\n";
    return script::house_rules_report(load::load_layered_ruleset(scenario_.ruleset_dir, dirs));
}

bool ScenarioDocument::script_editable(const std::string& file) const {
    if (!layers_) return true;
    namespace fs = std::filesystem;
    const fs::path folder = fs::absolute(layers_->target().directory).lexically_normal();
    const fs::path inside = fs::absolute(file).lexically_normal().lexically_relative(folder);
    return !inside.empty() && *inside.begin() != "..";
}

std::string ScenarioDocument::edit_target() const {
    if (layers_) return "house rule '" + layers_->target().id + "' (" + layers_->target_patch_file() + ")";
    return "the ruleset " + ruleset_->id + " " + ruleset_->version + " (" + ruleset_->directory + ")";
}

void ScenarioDocument::start_house_rule(const std::string& id, const std::string& name) {
    const bool plain = !id.empty() && std::all_of(id.begin(), id.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '-' || c == '_';
    });
    if (!plain)
        throw std::runtime_error(
            "a house rule id is a plain name of letters, digits, - and _ (it names its folder), not '" + id + "'");
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(scenario_.ruleset_dir) / "house-rules" / id;
    create_house_rule(dir.string(), id, name, *ruleset_);
    const fs::path here = fs::absolute(fs::path(scenario_.file).parent_path());
    scenario_.house_rules.push_back(fs::absolute(dir).lexically_normal().lexically_relative(here).generic_string());
    layers_ = RulesetLayers::load(scenario_.ruleset_dir, house_rule_dirs());
    saved_patch_ = "{}\n";  // the new house rule's studio.yaml as written
    ruleset_->layers = layers_->layers();
    // The scenario names it; ruleset edits now go into it (every ruleset view says where).
    announce({DocumentPart::HouseRules, DocumentPart::Scenario, DocumentPart::UnitTypes, DocumentPart::Tables,
              DocumentPart::Scripts});
}

namespace {
// Studio patches of the house rules under the ruleset's folder: an autosaved
// scenario may name one the file on disk does not yet.
std::vector<std::string> studio_patches_under(const std::string& ruleset_dir) {
    std::vector<std::string> files;
    const std::filesystem::path house_rules = std::filesystem::path(ruleset_dir) / "house-rules";
    std::error_code ec;
    if (std::filesystem::is_directory(house_rules, ec))
        for (const auto& entry : std::filesystem::directory_iterator(house_rules, ec))
            files.push_back((entry.path() / "studio.yaml").string());
    return files;
}
}  // namespace

ScenarioDocument ScenarioDocument::recover(const std::string& file, const std::string& autosave) {
    ScenarioDocument doc = open(file);
    std::map<std::string, std::string> ruleset_autosaves;  // real file -> autosaved text
    std::vector<std::string> files = doc.ruleset_files();
    for (std::string& f : studio_patches_under(doc.scenario_.ruleset_dir)) files.push_back(std::move(f));
    for (const std::string& f : files)
        if (std::filesystem::exists(autosave_path(f))) ruleset_autosaves[f] = load::read_file(autosave_path(f));
    // Work kept in scripts or ruleset files alone leaves no autosave of the scenario: it is as saved.
    std::error_code missing;
    const std::string scenario_text =
        load::read_file(std::filesystem::is_regular_file(autosave, missing) ? autosave : file);
    RecoveredWork work = recover_work(*doc.ruleset_, doc.scenario_, scenario_text, ruleset_autosaves);
    *doc.ruleset_ = std::move(work.ruleset);
    doc.scenario_ = std::move(work.scenario);
    // The autosave may name house rules the file on disk does not (one started, not saved).
    if (!doc.scenario_.house_rules.empty()) doc.load_layers();
    doc.scripts_.recover(doc.script_files());
    return doc;
}

bool ScenarioDocument::has_newer_autosave(const std::string& file) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const std::string autosave = autosave_path(file);
    if (fs::exists(autosave, ec)) return fs::last_write_time(autosave, ec) >= fs::last_write_time(file, ec);
    try {  // the scenario as saved, its scripts or ruleset files with unsaved work
        return !open(file).autosaved_files().empty();
    } catch (const std::exception&) {
        return false;  // a scenario that does not load: opening it says why
    }
}

// The scenario, and beside each ruleset file the model changed, its text;
// autosaves of ruleset files changed back since are removed.
// Only files that differ from disk get an autosave; the others lose theirs
// (an edit undone, typing deleted): recovery offers only work not yet saved.
void ScenarioDocument::autosave(const load::FileOps& ops) {
    if (const std::string yaml = to_yaml(); yaml != saved_yaml_) {
        load::write_file_atomically(autosave_path(file_), yaml, ops);
    } else {
        std::error_code ec;
        std::filesystem::remove(autosave_path(file_), ec);
    }
    scripts_.autosave(script_files(), ops);
    const auto changed = changed_ruleset_files();
    for (const std::string& f : ruleset_files()) {
        const auto it = changed.find(f);
        if (it != changed.end()) {
            load::write_file_atomically(autosave_path(f), it->second, ops);
        } else {
            std::error_code ec;
            std::filesystem::remove(autosave_path(f), ec);
        }
    }
}

void ScenarioDocument::discard_autosaves() const {
    std::error_code ec;
    std::filesystem::remove(autosave_path(file_), ec);
    for (const std::string& f : ruleset_files()) std::filesystem::remove(autosave_path(f), ec);
    ScriptBuffers::remove_autosaves(script_files());
}

std::vector<std::string> ScenarioDocument::autosaved_files() const {
    std::vector<std::string> files{file_};
    for (const std::string& f : ruleset_files()) files.push_back(f);
    for (std::string& f : studio_patches_under(scenario_.ruleset_dir)) files.push_back(std::move(f));
    for (const std::string& f : script_files()) files.push_back(f);
    std::vector<std::string> autosaved;
    std::error_code ec;
    for (const std::string& f : files)
        if (std::filesystem::is_regular_file(autosave_path(f), ec) &&
            std::find(autosaved.begin(), autosaved.end(), f) == autosaved.end())
            autosaved.push_back(f);
    return autosaved;
}

std::vector<std::string> ScenarioDocument::script_files() const {
    std::vector<std::string> files;
    for (const auto& m : ruleset_->modules)
        if (!m.file.empty() && std::find(files.begin(), files.end(), m.file) == files.end()) files.push_back(m.file);
    return files;
}

std::vector<std::string> ScenarioDocument::pending_files() const {
    std::vector<std::string> files;
    if (to_yaml() != saved_yaml_) files.push_back(file_);
    for (const auto& [f, text] : changed_ruleset_files()) files.push_back(f);
    for (const auto& f : scripts_.modified_of(script_files())) files.push_back(f);
    return files;
}

// A file the studio wrote in its own layout puts things on other lines than
// the file that was read: the places issues point at are read again from
// what was just written. The model and the files are the same, item for item.
void ScenarioDocument::take_locations_from_saved_files() {
    try {
        const load::LoadedGame saved = load::load_scenario(file_);
        auto copy = [](auto& to, const auto& from) {
            for (std::size_t i = 0; i < to.size() && i < from.size(); ++i) to[i].where = from[i].where;
        };
        copy(scenario_.units, saved.scenario->units);
        copy(scenario_.sides, saved.scenario->sides);
        copy(scenario_.objectives, saved.scenario->objectives);
        copy(ruleset_->unit_types, saved.ruleset->unit_types);
        copy(ruleset_->modules, saved.ruleset->modules);
        for (std::size_t t = 0; t < ruleset_->odds_tables.size() && t < saved.ruleset->odds_tables.size(); ++t) {
            ruleset_->odds_tables[t].cell_where = saved.ruleset->odds_tables[t].cell_where;
            copy(ruleset_->odds_tables[t].columns, saved.ruleset->odds_tables[t].columns);
        }
    } catch (const std::exception&) {
        // A saved project that does not load keeps the old places; its issues say why.
    }
}

std::vector<std::string> ScenarioDocument::ruleset_files() const {
    if (layers_) return {layers_->target_patch_file()};
    std::vector<std::string> files{ruleset_->where.file};
    for (const auto& [f, text] : saved_tables_) files.push_back(f);
    return files;
}

std::map<std::string, std::string> ScenarioDocument::changed_ruleset_files() const {
    std::map<std::string, std::string> changed;
    if (layers_) {  // with house rules, edits go into the last one's studio patch only
        const std::string patch = load::patch_between(layers_->reference(), *ruleset_);
        if (patch != saved_patch_)
            changed[layers_->target_patch_file()] =
                "# Written by Sandtable Studio: the edits made into this house rule.\n" + patch;
        return changed;
    }
    for (const auto& [f, text] : table_texts()) {
        const auto saved = saved_tables_.find(f);
        if (saved == saved_tables_.end() || saved->second != text) changed[f] = text;
    }
    const bool types_changed = unit_types_changed(), modules_changed = rule_modules_changed();
    if (types_changed || modules_changed) {
        // Only their blocks are replaced: the designer's comments and layout elsewhere stay.
        std::string text = ruleset_text_;
        if (types_changed) text = load::replace_unit_types(text, *ruleset_);
        if (modules_changed) text = load::replace_rule_modules(text, *ruleset_);
        changed[ruleset_->where.file] = text;
    }
    return changed;
}

std::string ScenarioDocument::to_yaml() const { return load::scenario_to_yaml(scenario_, *ruleset_); }

bool ScenarioDocument::modified() const {
    if (!scripts_.modified_of(script_files()).empty() || to_yaml() != saved_yaml_) return true;
    return table_texts() != saved_tables_ || unit_types_changed() || rule_modules_changed();
}

bool ScenarioDocument::same_as_on_disk() const {
    try {
        const ScenarioDocument disk = open(file_);
        if (disk.to_yaml() != saved_yaml_ || disk.table_texts() != saved_tables_) return false;
        if (load::unit_types_to_yaml(*disk.ruleset_) != saved_unit_types_ ||
            load::rule_modules_to_yaml(*disk.ruleset_) != saved_rule_modules_)
            return false;
        if (disk.layers_ && (!layers_ || disk.saved_patch_ != saved_patch_)) return false;
        const auto scripts = script_files();
        return std::none_of(scripts.begin(), scripts.end(),
                            [&](const std::string& f) { return scripts_.changed_on_disk(f); });
    } catch (const std::exception&) {
        return false;  // it no longer loads: that is news
    }
}

std::map<std::string, std::string> ScenarioDocument::table_texts() const {
    std::map<std::string, std::string> texts;
    for (const auto& t : ruleset_->odds_tables) texts[t.where.file] = load::odds_table_to_yaml(t);
    for (const auto& t : ruleset_->threshold_tables) texts[t.where.file] = load::threshold_table_to_yaml(t);
    for (const auto& t : ruleset_->differential_tables) texts[t.where.file] = load::differential_table_to_yaml(t);
    return texts;
}

bool ScenarioDocument::unit_types_changed() const { return load::unit_types_to_yaml(*ruleset_) != saved_unit_types_; }

bool ScenarioDocument::rule_modules_changed() const {
    return load::rule_modules_to_yaml(*ruleset_) != saved_rule_modules_;
}

// After the save, the ruleset's files count as saved.
void ScenarioDocument::ruleset_files_saved(const std::map<std::string, std::string>& written) {
    for (const auto& [f, text] : written) {
        if (f == ruleset_->where.file)
            ruleset_text_ = text;
        else if (!layers_)
            saved_tables_[f] = text;
    }
    saved_unit_types_ = load::unit_types_to_yaml(*ruleset_);
    saved_rule_modules_ = load::rule_modules_to_yaml(*ruleset_);
}

// With house rules the edits go into the studio patch, listed last in the
// house rule's house.yaml; the layers are then loaded again from disk.
void ScenarioDocument::stage_house_rule(const std::map<std::string, std::string>& changed,
                                        load::FileTransaction& save) const {
    namespace fs = std::filesystem;
    if (changed.empty()) return;
    const fs::path house = fs::path(layers_->target_patch_file()).parent_path() / "house.yaml";
    save.stage(house.string(), studio_patch_listed(house.parent_path().string()));
}

// A patch the loader refuses (two house rules changing one value, say) is
// taken back: every file of the save is restored, the edits kept unsaved.
void ScenarioDocument::check_house_rule_saved(const std::map<std::string, std::optional<std::string>>& before,
                                              const load::FileOps& ops) {
    try {
        layers_ = RulesetLayers::load(scenario_.ruleset_dir, house_rule_dirs());
    } catch (const load::LoadError& e) {
        load::FileTransaction restore(project_root(file_), ops);
        for (const auto& [f, text] : before)
            if (text) restore.stage(f, *text);
        restore.commit();
        for (const auto& [f, text] : before)
            if (!text) std::filesystem::remove(f);
        std::string problems;
        for (const auto& d : e.diagnostics()) problems += "\n" + d.to_string();
        throw std::runtime_error("The edits were not saved into house rule '" + layers_->target().id +
                                 "' (they are kept, unsaved): with them the ruleset does not load:" + problems);
    }
    saved_patch_ = load::patch_between(layers_->reference(), layers_->on_disk());
    saved_tables_ = table_texts();
}

// While the model is as it was read, the file is written back as it was read,
// comments and all: opening and saving never reformats a designer's file.
// Saved, each ruleset value comes from the layer it went into (a house rule's patch).
void ScenarioDocument::save(const load::FileOps& ops) {
    write_to(file_, ops);
    announce({DocumentPart::HouseRules});
}

void ScenarioDocument::save_as(const std::string& file, const load::FileOps& ops) {
    if (std::filesystem::absolute(file) == std::filesystem::absolute(file_)) return save(ops);
    const std::string old = file_;
    move_scenario_to(scenario_, file);
    scenario_.id = id_from_file_name(file);
    original_text_.clear();  // a new file: written from the model
    write_to(file, ops);
    std::error_code ec;
    std::filesystem::remove(autosave_path(old), ec);  // the work now lives in the new file
    announce(DocumentChanges::everything());          // another file: its id, its paths, its layers
}

void ScenarioDocument::write_blank_scenario(const std::string& file, const load::FileOps& ops) const {
    if (std::filesystem::exists(file)) throw std::runtime_error(file + " exists already: choose a new file name");
    load::write_file_atomically(file, load::scenario_to_yaml(blank_scenario(scenario_, file), *ruleset_), ops);
}

// Scripts, ruleset files and the scenario are saved together: all or none
// of them, even when the studio is killed mid-save (file_transaction.h).
void ScenarioDocument::write_to(const std::string& file, const load::FileOps& ops) {
    load::FileTransaction save(project_root(file), ops);
    const std::vector<std::string> scripts = scripts_.stage_all(script_files(), save);
    const auto ruleset_files = changed_ruleset_files();
    for (const auto& [f, text] : ruleset_files) save.stage(f, text);
    if (layers_) stage_house_rule(ruleset_files, save);
    const std::string yaml = to_yaml();
    const bool as_read = yaml == saved_yaml_ && !original_text_.empty();
    // A scenario that has not changed is not written at all ("Nothing to save" means nothing is touched).
    const bool untouched = as_read && file == file_ && std::filesystem::is_regular_file(file);
    if (!untouched) save.stage(file, as_read ? original_text_ : yaml);
    const auto before = layers_ && !ruleset_files.empty() ? save.previous_texts() : decltype(save.previous_texts()){};
    save.commit();
    if (!before.empty()) check_house_rule_saved(before, ops);  // throws when taken back: the edits stay unsaved
    scripts_.saved(scripts);
    ruleset_files_saved(ruleset_files);
    file_ = file;
    saved_yaml_ = yaml;
    if (!as_read) original_text_ = yaml;
    take_locations_from_saved_files();
    discard_autosaves();  // nothing left to recover
}

// The folder every file a save may write lies in: the scenario's, the
// ruleset's, the script library's and the house rules'.
std::string ScenarioDocument::project_root(const std::string& scenario_file) const {
    namespace fs = std::filesystem;
    fs::path root = fs::absolute(scenario_file).lexically_normal().parent_path();
    root = common_folder(root, fs::absolute(scenario_.ruleset_dir).lexically_normal());
    for (const std::string& f : script_files())
        root = common_folder(root, fs::absolute(f).lexically_normal().parent_path());
    for (const std::string& d : house_rule_dirs()) root = common_folder(root, fs::absolute(d).lexically_normal());
    return root.string();
}

ChangeSubscription watch_document(const ScenarioDocument* doc, const void* view, DocumentChanges parts,
                                  std::function<void()> refresh) {
    if (!doc) return {};
    return doc->on_change([view, parts, refresh = std::move(refresh)](const DocumentChanges& changed) {
        if (changed.made_in != view && changed.touch(parts)) refresh();
    });
}

}  // namespace sandtable::studio
