#include "core/autosave_recovery.h"
#include "core/scenario_files.h"

#include "load/loader.h"
#include "load/scenario_writer.h"

#include <filesystem>
#include <unistd.h>

namespace sandtable::studio {

namespace fs = std::filesystem;

namespace {
// A folder removed with everything in it when the recovery is done.
class TemporaryFolder {
public:
    TemporaryFolder() {
        static int counter = 0;  // one recovery at a time per process; the pid keeps processes apart
        path_ = fs::temp_directory_path() /
                ("sandtable-recovery-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TemporaryFolder() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

void repoint(rules::SourceLocation& where, const std::string& file) { where.file = file; }

// The copy's tables are taken with their places set to the real file.
template <class Table>
void take_tables(std::vector<Table>& real, const std::vector<Table>& recovered) {
    for (std::size_t i = 0; i < real.size() && i < recovered.size(); ++i) {
        const std::string file = real[i].where.file;
        real[i] = recovered[i];
        repoint(real[i].where, file);
        if constexpr (std::is_same_v<Table, rules::OddsCrt>) {
            for (auto& c : real[i].columns) repoint(c.where, file);
            for (auto& row : real[i].cell_where)
                for (auto& cell : row) repoint(cell, file);
        }
    }
}
}  // namespace

RecoveredWork recover_work(const rules::Ruleset& on_disk, const rules::Scenario& scenario_on_disk,
                           const std::string& scenario_autosave,
                           const std::map<std::string, std::string>& ruleset_autosaves) {
    const fs::path ruleset_dir = fs::absolute(on_disk.directory).lexically_normal();
    const fs::path scenario_file = fs::absolute(scenario_on_disk.file).lexically_normal();
    const fs::path library =
        ruleset_dir.parent_path().parent_path() / "scripts";  // where rule modules are also looked for
    const fs::path root = common_folder(common_folder(ruleset_dir, scenario_file.parent_path()), library);
    TemporaryFolder copy;
    auto in_copy = [&](const fs::path& real) { return copy.path() / fs::relative(real, root); };
    fs::create_directories(in_copy(ruleset_dir).parent_path());
    // Links are copied as links, never followed (a link to /etc in a ruleset is not copied out of it).
    fs::copy(ruleset_dir, in_copy(ruleset_dir), fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    if (fs::exists(library))
        fs::copy(library, in_copy(library), fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    for (const auto& [file, text] : ruleset_autosaves)
        load::write_file_atomically(in_copy(fs::absolute(file).lexically_normal()).string(), text);
    fs::create_directories(in_copy(scenario_file).parent_path());
    load::write_file_atomically(in_copy(scenario_file).string(), scenario_autosave);

    const load::LoadedGame loaded = load::load_scenario(in_copy(scenario_file).string());
    RecoveredWork work{on_disk, *loaded.scenario};
    // What the studio edits in the ruleset, from the copy.
    work.ruleset.unit_types = loaded.ruleset->unit_types;
    for (auto& t : work.ruleset.unit_types) repoint(t.where, on_disk.where.file);
    for (std::size_t m = 0; m < work.ruleset.modules.size() && m < loaded.ruleset->modules.size(); ++m) {
        work.ruleset.modules[m].enabled = loaded.ruleset->modules[m].enabled;
        work.ruleset.modules[m].params = loaded.ruleset->modules[m].params;
    }
    take_tables(work.ruleset.odds_tables, loaded.ruleset->odds_tables);
    take_tables(work.ruleset.threshold_tables, loaded.ruleset->threshold_tables);
    // The scenario belongs to its real file.
    auto& sc = work.scenario;
    sc.file = scenario_on_disk.file;
    sc.ruleset_dir = scenario_on_disk.ruleset_dir;
    sc.ruleset_ref = scenario_on_disk.ruleset_ref;
    repoint(sc.where, sc.file);
    for (auto& s : sc.sides) repoint(s.where, sc.file);
    for (auto& u : sc.units) repoint(u.where, sc.file);
    for (auto& o : sc.objectives) repoint(o.where, sc.file);
    return work;
}

}  // namespace sandtable::studio
