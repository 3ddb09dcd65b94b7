// The rule scripts (Lua) open in the studio, as documents like every other
// file: the text being typed is kept here, per file, beside the text on
// disk, so switching to another module keeps it, the title and the module
// list show it unsaved, a save writes it, an autosave keeps it against a
// crash and a recovery brings it back.
#pragma once

#include "load/file_transaction.h"
#include "load/scenario_writer.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::studio {

class ScriptBuffers {
public:
    // The text of `file` as the studio shows it: the typing kept for it, or
    // what is on disk (read once, then remembered as the saved text).
    // Throws load::LoadError when the file cannot be read.
    const std::string& text(const std::string& file);
    void set_text(const std::string& file, const std::string& text);
    // A script not on disk yet, with its first text: written (its folder made) when saved.
    void create(const std::string& file, const std::string& text);
    // The typing of `file` when it differs from the disk; nullptr otherwise.
    const std::string* unsaved_text(const std::string& file) const;
    bool modified(const std::string& file) const;
    // Those of `files` that are modified, in their order.
    std::vector<std::string> modified_of(const std::vector<std::string>& files) const;

    void save(const std::string& file, const load::FileOps& ops = load::real_file_ops());
    // Stages each of `files` that is modified into `save` (their folders made); returns them.
    std::vector<std::string> stage_all(const std::vector<std::string>& files, load::FileTransaction& save);
    // `files`, as staged, were written: they count saved and their autosaves go.
    void saved(const std::vector<std::string>& files);
    // Beside each of `files` that is modified its text; autosaves of scripts
    // saved or changed back since are removed.
    void autosave(const std::vector<std::string>& files, const load::FileOps& ops = load::real_file_ops());
    // The typing kept in autosaves beside `files`, taken up as unsaved text.
    void recover(const std::vector<std::string>& files);
    // Every autosave beside `files` (work declined or thrown away) goes.
    static void remove_autosaves(const std::vector<std::string>& files);
    // Whether the file on disk is no longer the text last read or saved (another program wrote it).
    bool changed_on_disk(const std::string& file) const;
    // Forgets the typing: texts are read from disk again.
    void clear() { buffers_.clear(); }

private:
    struct Buffer {
        std::string saved;    // as on disk when read or last saved
        std::string text;     // as shown
        bool on_disk = true;  // false for a script created and not saved yet
    };
    std::map<std::string, Buffer> buffers_;
    std::vector<std::string> autosaved_;  // files with an autosave written by autosave()
};

}  // namespace sandtable::studio
