// The CLI's commands; each returns the process exit code.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace sandtable::cli {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Reads "--name value" options and positional arguments.
class Args {
public:
    Args(const std::vector<std::string>& args, const std::vector<std::string>& flags,
         const std::vector<std::string>& valued);
    bool flag(const std::string& name) const;
    std::string value(const std::string& name, const std::string& fallback = {}) const;
    // Every value of an option given more than once (--house A --house B), in order.
    std::vector<std::string> values(const std::string& name) const;
    bool has(const std::string& name) const;
    long long integer(const std::string& name, long long fallback) const;
    const std::vector<std::string>& positional() const { return positional_; }

private:
    std::vector<std::pair<std::string, std::string>> values_;
    std::vector<std::string> flags_;
    std::vector<std::string> positional_;
};

std::string json_escape(const std::string& s);
// "a,b,c" -> {a, b, c}.
std::vector<std::string> split(const std::string& s, char sep);

int validate(const std::vector<std::string>& args);
int docs(const std::vector<std::string>& args);
int odds(const std::vector<std::string>& args);
int play(const std::vector<std::string>& args);
int replay(const std::vector<std::string>& args);
int rules(const std::vector<std::string>& args);
int batch(const std::vector<std::string>& args);
int report(const std::vector<std::string>& args);
int compare(const std::vector<std::string>& args);
int test(const std::vector<std::string>& args);
int state(const std::vector<std::string>& args);

}  // namespace sandtable::cli
