#include "core/script_buffers.h"

#include "load/loader.h"

#include <algorithm>
#include <filesystem>

namespace sandtable::studio {

namespace {
std::string autosave_of(const std::string& file) { return file + ".autosave"; }
}  // namespace

const std::string& ScriptBuffers::text(const std::string& file) {
    auto it = buffers_.find(file);
    if (it == buffers_.end()) {
        const std::string on_disk = load::read_file(file);
        it = buffers_.emplace(file, Buffer{on_disk, on_disk, true}).first;
    }
    return it->second.text;
}

void ScriptBuffers::set_text(const std::string& file, const std::string& text) {
    this->text(file);  // the saved text is known before the first change
    buffers_[file].text = text;
}

const std::string* ScriptBuffers::unsaved_text(const std::string& file) const {
    const auto it = buffers_.find(file);
    return it != buffers_.end() && it->second.text != it->second.saved ? &it->second.text : nullptr;
}

void ScriptBuffers::create(const std::string& file, const std::string& text) {
    buffers_[file] = Buffer{{}, text, false};
}

std::vector<std::string> ScriptBuffers::modified_of(const std::vector<std::string>& files) const {
    std::vector<std::string> out;
    for (const auto& f : files)
        if (modified(f)) out.push_back(f);
    return out;
}

bool ScriptBuffers::changed_on_disk(const std::string& file) const {
    const auto it = buffers_.find(file);
    if (it == buffers_.end() || !it->second.on_disk) return false;
    try {
        return load::read_file(file) != it->second.saved;
    } catch (const std::exception&) {
        return true;  // gone or unreadable: a change
    }
}

bool ScriptBuffers::modified(const std::string& file) const {
    const auto it = buffers_.find(file);
    return it != buffers_.end() && it->second.text != it->second.saved;
}

void ScriptBuffers::save(const std::string& file, const load::FileOps& ops) {
    if (!modified(file)) return;
    Buffer& buffer = buffers_.at(file);
    if (!buffer.on_disk) std::filesystem::create_directories(std::filesystem::path(file).parent_path());
    load::write_file_atomically(file, buffer.text, ops);
    buffer.saved = buffer.text;
    buffer.on_disk = true;
    std::error_code ec;
    std::filesystem::remove(autosave_of(file), ec);  // nothing left to recover
}

std::vector<std::string> ScriptBuffers::stage_all(const std::vector<std::string>& files, load::FileTransaction& save) {
    const std::vector<std::string> staged = modified_of(files);
    for (const std::string& file : staged) {
        if (!buffers_.at(file).on_disk) std::filesystem::create_directories(std::filesystem::path(file).parent_path());
        save.stage(file, buffers_.at(file).text);
    }
    return staged;
}

void ScriptBuffers::saved(const std::vector<std::string>& files) {
    for (const std::string& file : files) {
        Buffer& buffer = buffers_.at(file);
        buffer.saved = buffer.text;
        buffer.on_disk = true;
        std::error_code ec;
        std::filesystem::remove(autosave_of(file), ec);  // nothing left to recover
    }
}

void ScriptBuffers::autosave(const std::vector<std::string>& files, const load::FileOps& ops) {
    std::vector<std::string> written;
    for (const std::string& file : modified_of(files)) {
        if (!buffers_.at(file).on_disk)
            continue;  // its folder may not exist yet: the new module's registration is autosaved
        load::write_file_atomically(autosave_of(file), buffers_.at(file).text, ops);
        written.push_back(file);
    }
    for (const std::string& file : autosaved_)
        if (std::find(written.begin(), written.end(), file) == written.end()) remove_autosaves({file});
    autosaved_ = std::move(written);
}

void ScriptBuffers::recover(const std::vector<std::string>& files) {
    for (const std::string& file : files) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(autosave_of(file), ec)) continue;
        set_text(file, load::read_file(autosave_of(file)));
    }
}

void ScriptBuffers::remove_autosaves(const std::vector<std::string>& files) {
    for (const std::string& file : files) {
        std::error_code ec;
        std::filesystem::remove(autosave_of(file), ec);
    }
}

}  // namespace sandtable::studio
