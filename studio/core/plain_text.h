// Markdown the runtime writes for the terminal and files (`rules diff`)
// shown in a plain text window: headings underlined, emphasis and code
// marks taken away. Window-free.
#pragma once

#include <string>

namespace sandtable::studio {

std::string plain_text_of_markdown(const std::string& markdown);

}  // namespace sandtable::studio
