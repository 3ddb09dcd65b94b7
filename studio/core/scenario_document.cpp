#include "core/scenario_document.h"

#include "load/ruleset_writer.h"
#include "load/table_writer.h"

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
    return doc;
}

ScenarioDocument ScenarioDocument::recover(const std::string& file, const std::string& autosave) {
    ScenarioDocument doc = open(file);
    doc.scenario_ = *load::load_scenario(autosave).scenario;
    doc.scenario_.file = file;
    return doc;
}

bool ScenarioDocument::has_newer_autosave(const std::string& file) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const std::string autosave = autosave_path(file);
    return fs::exists(autosave, ec) && fs::last_write_time(autosave, ec) >= fs::last_write_time(file, ec);
}

void ScenarioDocument::autosave(const load::FileOps& ops) const { load::write_file_atomically(autosave_path(file_), to_yaml(), ops); }

std::string ScenarioDocument::to_yaml() const { return load::scenario_to_yaml(scenario_, *ruleset_); }

bool ScenarioDocument::modified() const {
    if (to_yaml() != saved_yaml_) return true;
    return table_texts() != saved_tables_ || unit_types_changed() || rule_modules_changed();
}

std::map<std::string, std::string> ScenarioDocument::table_texts() const {
    std::map<std::string, std::string> texts;
    for (const auto& t : ruleset_->odds_tables) texts[t.where.file] = load::odds_table_to_yaml(t);
    for (const auto& t : ruleset_->threshold_tables) texts[t.where.file] = load::threshold_table_to_yaml(t);
    return texts;
}

bool ScenarioDocument::unit_types_changed() const { return load::unit_types_to_yaml(*ruleset_) != saved_unit_types_; }

bool ScenarioDocument::rule_modules_changed() const { return load::rule_modules_to_yaml(*ruleset_) != saved_rule_modules_; }

// ruleset.yaml is rewritten only when the unit types or the rule modules
// changed, and then only their blocks, in one write: the designer's comments
// and layout elsewhere stay as written.
void ScenarioDocument::save_ruleset_text(const load::FileOps& ops) {
    const bool types_changed = unit_types_changed();
    const bool modules_changed = rule_modules_changed();
    if (!types_changed && !modules_changed) return;
    std::string text = ruleset_text_;
    if (types_changed) text = load::replace_unit_types(text, *ruleset_);
    if (modules_changed) text = load::replace_rule_modules(text, *ruleset_);
    load::write_file_atomically(ruleset_->where.file, text, ops);
    ruleset_text_ = text;
    saved_unit_types_ = load::unit_types_to_yaml(*ruleset_);
    saved_rule_modules_ = load::rule_modules_to_yaml(*ruleset_);
}

// While the model is as it was read, the file is written back as it was read,
// comments and all: opening and saving never reformats a designer's file.
void ScenarioDocument::save(const load::FileOps& ops) { save_as(file_, ops); }

void ScenarioDocument::save_as(const std::string& file, const load::FileOps& ops) {
    // Tables first: each changed table file is replaced on its own.
    for (const auto& [table_file, table] : table_texts()) {
        if (table == saved_tables_[table_file]) continue;
        load::write_file_atomically(table_file, table, ops);
        saved_tables_[table_file] = table;
    }
    save_ruleset_text(ops);  // before the scenario, which may place units of new types
    const std::string yaml = to_yaml();
    const bool as_read = yaml == saved_yaml_ && !original_text_.empty();
    load::write_file_atomically(file, as_read ? original_text_ : yaml, ops);
    file_ = file;
    saved_yaml_ = yaml;
    if (!as_read) original_text_ = yaml;
    std::error_code ec;
    std::filesystem::remove(autosave_path(file), ec);  // nothing left to recover
}

}  // namespace sandtable::studio
