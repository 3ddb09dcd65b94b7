// The studio's windows driven as a person would, under Xvfb (CTest runs this
// with xvfb-run): wxWidgets is started once, then Catch2 runs the tests,
// each of which builds the windows it needs and pumps the event loop.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <wx/app.h>
#include <wx/config.h>
#include <wx/fileconf.h>
#include <wx/image.h>
#include <wx/init.h>

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace {
class GuiTestApp : public wxApp {
public:
    bool OnInit() override { return true; }
};
}  // namespace

wxIMPLEMENT_APP_NO_MAIN(GuiTestApp);

int main(int argc, char** argv) {
    std::setlocale(LC_CTYPE, "C.UTF-8");
    // The tests' own settings (layout, recent files), never the designer's.
    const auto home = std::filesystem::temp_directory_path() / ("sandtable-gui-tests-" + std::to_string(::getpid()));
    std::filesystem::create_directories(home);
    ::setenv("HOME", home.c_str(), 1);
    ::setenv("XDG_CONFIG_HOME", (home / "config").c_str(), 1);
    // A failed wxWidgets assertion fails the run at once (a dialog would wait forever under Xvfb).
    wxSetAssertHandler(
        [](const wxString& file, int line, const wxString& func, const wxString& cond, const wxString& msg) {
            std::fprintf(stderr, "wxWidgets assertion failed at %s:%d in %s: %s %s\n", file.utf8_str().data(), line,
                         func.utf8_str().data(), cond.utf8_str().data(), msg.utf8_str().data());
            std::abort();
        });
    wxApp::SetInstance(new GuiTestApp);
    int wx_argc = 1;
    char* wx_argv[] = {argv[0], nullptr};
    if (!wxEntryStart(wx_argc, wx_argv)) return 2;
    wxTheApp->SetAppName("sandtable-studio-tests");
    wxTheApp->CallOnInit();
    wxInitAllImageHandlers();
    const int result = Catch::Session().run(argc, argv);
    wxTheApp->OnExit();
    wxEntryCleanup();
    std::error_code ec;
    std::filesystem::remove_all(home, ec);
    return result;
}
