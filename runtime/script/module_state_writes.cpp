#include "script/module_state_writes.h"

#include <cstdint>
#include <optional>
#include <stdexcept>

namespace sandtable::script {

namespace {

// Lua 5.4's opcodes this reader needs (lopcodes.h; the order is the format's).
enum Opcode : std::uint32_t {
    kMove = 0,
    kGetUpval = 9,
    kSetUpval = 10,
    kGetTabUp = 11,
    kGetTable = 12,
    kGetI = 13,
    kGetField = 14,
    kSetTabUp = 15,
    kSetTable = 16,
    kSetI = 17,
    kSetField = 18,
};
constexpr std::uint32_t opcode(std::uint32_t i) { return i & 0x7F; }
constexpr int arg_a(std::uint32_t i) { return static_cast<int>((i >> 7) & 0xFF); }
constexpr int arg_b(std::uint32_t i) { return static_cast<int>((i >> 16) & 0xFF); }
constexpr int arg_c(std::uint32_t i) { return static_cast<int>((i >> 24) & 0xFF); }

// Where an upvalue's value lives: a local of the module's main chunk is
// module state; a local of an enclosing function is that call's own.
enum class Origin { Environment, ModuleLocal, CallLocal };

struct Proto {
    int line_defined = 0;
    std::vector<std::uint32_t> code;
    std::vector<std::string> strings;  // by constant index; empty for other constants
    std::vector<int> lines;            // by instruction
    struct Upvalue {
        bool in_stack = false;
        int index = 0;
        Origin origin = Origin::Environment;
        std::string name;
    };
    std::vector<Upvalue> upvalues;
    std::vector<Proto> protos;
};

class ChunkReader {
public:
    explicit ChunkReader(const std::string& bytes) : bytes_(bytes) {}

    Proto read_chunk() {
        static const char kHeader[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08";
        for (std::size_t i = 0; i < sizeof kHeader - 1; ++i)
            if (byte() != static_cast<unsigned char>(kHeader[i])) throw std::runtime_error("not Lua 5.4 bytecode");
        skip(16);  // LUAC_INT and LUAC_NUM
        byte();    // the main closure's upvalue count
        return read_function();
    }

private:
    unsigned char byte() {
        if (at_ >= bytes_.size()) throw std::runtime_error("truncated Lua bytecode");
        return static_cast<unsigned char>(bytes_[at_++]);
    }
    void skip(std::size_t n) {
        if (bytes_.size() - at_ < n) throw std::runtime_error("truncated Lua bytecode");
        at_ += n;
    }
    std::size_t size() {  // most significant group first; the last byte has bit 7 set
        std::size_t x = 0;
        for (int groups = 0; groups < 10; ++groups) {
            const unsigned char b = byte();
            x = (x << 7) | (b & 0x7F);
            if (b & 0x80) return x;
        }
        throw std::runtime_error("bad size in Lua bytecode");
    }
    std::string string() {
        const std::size_t n = size();
        if (n == 0) return {};
        skip(n - 1);
        return bytes_.substr(at_ - (n - 1), n - 1);
    }
    std::uint32_t instruction() {
        std::uint32_t i = 0;
        for (int k = 0; k < 4; ++k) i |= static_cast<std::uint32_t>(byte()) << (8 * k);
        return i;
    }
    void constants(Proto& p) {
        p.strings.resize(size());
        for (auto& text : p.strings) {
            const unsigned char tag = byte();
            if (tag == 0x03 || tag == 0x13)
                skip(8);  // integer, float
            else if (tag == 0x04 || tag == 0x14)
                text = string();  // short, long string
            else if (tag != 0x00 && tag != 0x01 && tag != 0x11)
                throw std::runtime_error("bad constant in Lua bytecode");
        }
    }
    Proto read_function();
    void read_debug(Proto& p);

    const std::string& bytes_;
    std::size_t at_ = 0;
};

Proto ChunkReader::read_function() {
    Proto p;
    string();  // source
    p.line_defined = static_cast<int>(size());
    size();   // last line defined
    skip(3);  // parameters, vararg, stack size
    p.code.resize(size());
    for (auto& i : p.code) i = instruction();
    constants(p);
    p.upvalues.resize(size());
    for (auto& u : p.upvalues) {
        u.in_stack = byte() != 0;
        u.index = byte();
        byte();  // kind
    }
    p.protos.resize(size());
    for (auto& child : p.protos) child = read_function();
    read_debug(p);
    return p;
}

void ChunkReader::read_debug(Proto& p) {
    std::vector<signed char> relative(size());
    for (auto& r : relative) r = static_cast<signed char>(byte());
    std::vector<std::pair<std::size_t, int>> absolute(size());
    for (auto& [pc, line] : absolute) {
        pc = size();
        line = static_cast<int>(size());
    }
    for (std::size_t n = size(); n > 0; --n) string(), size(), size();  // locals: name, start, end
    const std::size_t names = size();
    for (std::size_t k = 0; k < names; ++k) {
        std::string name = string();
        if (k < p.upvalues.size()) p.upvalues[k].name = std::move(name);
    }
    int line = p.line_defined;
    std::size_t next_absolute = 0;
    p.lines.resize(p.code.size());
    for (std::size_t pc = 0; pc < p.code.size(); ++pc) {
        if (next_absolute < absolute.size() && absolute[next_absolute].first == pc)
            line = absolute[next_absolute++].second;
        else if (pc < relative.size())
            line += relative[pc];
        p.lines[pc] = line;
    }
}

void classify_upvalues(Proto& p, const Proto& parent, bool parent_is_main) {
    for (auto& u : p.upvalues) {
        if (u.in_stack)
            u.origin = parent_is_main ? Origin::ModuleLocal : Origin::CallLocal;
        else if (u.index < static_cast<int>(parent.upvalues.size()))
            u.origin = parent.upvalues[static_cast<std::size_t>(u.index)].origin;
    }
    for (auto& child : p.protos) classify_upvalues(child, p, false);
}

// Every other instruction is taken to write R[A] and the registers above it
// (a call's results): forgetting too much can only miss a write, never
// report one that is not there.
bool is_store(std::uint32_t op) {
    return op == kSetUpval || op == kSetTabUp || op == kSetTable || op == kSetI || op == kSetField;
}

// What a register is known to hold: a module local's value, a global's
// table, or a table reached from either.
struct Held {
    std::string name;
    bool global = false;
};

// Follows registers in order through a function's straight-line code.
void scan(const Proto& p, std::vector<ModuleStateWrite>& out) {
    std::vector<std::optional<Held>> held(256);
    auto upvalue = [&](int k) -> const Proto::Upvalue* {
        return k >= 0 && k < static_cast<int>(p.upvalues.size()) ? &p.upvalues[static_cast<std::size_t>(k)] : nullptr;
    };
    auto constant = [&](int k) {
        return k >= 0 && k < static_cast<int>(p.strings.size()) ? p.strings[static_cast<std::size_t>(k)]
                                                                : std::string();
    };
    // R[A] := UpValue[B] (or UpValue[B][K[C]]): a module local, or a global's value when it is _ENV.
    auto read_upvalue = [&](std::uint32_t i, bool field) -> std::optional<Held> {
        const auto* u = upvalue(arg_b(i));
        if (!u || u->origin == Origin::CallLocal) return std::nullopt;
        if (u->origin == Origin::ModuleLocal) return Held{u->name, false};
        if (field) return Held{constant(arg_c(i)), true};
        return std::nullopt;
    };
    for (std::size_t pc = 0; pc < p.code.size(); ++pc) {
        const std::uint32_t i = p.code[pc], op = opcode(i);
        const auto a = static_cast<std::size_t>(arg_a(i));
        const auto* target = op == kSetUpval ? upvalue(arg_b(i)) : op == kSetTabUp ? upvalue(arg_a(i)) : nullptr;
        if (target && target->origin == Origin::ModuleLocal)
            out.push_back({p.lines[pc], target->name, op == kSetTabUp, false});
        else if (target && op == kSetTabUp && target->origin == Origin::Environment)
            out.push_back({p.lines[pc], constant(arg_b(i)), false, true});
        else if ((op == kSetTable || op == kSetI || op == kSetField) && held[a])
            out.push_back({p.lines[pc], held[a]->name, true, held[a]->global});
        if (op == kGetUpval || op == kGetTabUp)
            held[a] = read_upvalue(i, op == kGetTabUp);
        else if (op == kMove || op == kGetTable || op == kGetI || op == kGetField)
            held[a] = held[static_cast<std::size_t>(arg_b(i))];
        else if (!is_store(op))
            for (std::size_t r = a; r < held.size(); ++r) held[r].reset();
    }
    for (const auto& child : p.protos) scan(child, out);
}

}  // namespace

std::vector<ModuleStateWrite> module_state_writes(const std::string& bytecode) {
    Proto main = ChunkReader(bytecode).read_chunk();
    for (auto& child : main.protos) classify_upvalues(child, main, true);
    std::vector<ModuleStateWrite> out;
    for (const auto& child : main.protos) scan(child, out);
    return out;
}

std::string describe(const ModuleStateWrite& write) {
    const std::string kind = write.global ? "global" : "module local";
    const std::string what = write.into_table ? "changes the table in the " + kind + " '" + write.name + "'"
                                              : "assigns the " + kind + " '" + write.name + "'";
    return "a function " + what +
           ": a rollback, a snapshot or a replay would not see it; module locals hold "
           "constants, and what a rule must remember goes in game.set_mark";
}

}  // namespace sandtable::script
