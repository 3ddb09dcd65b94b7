// sandtable-studio [SCENARIO | REPLAY] [--smoke] [--render FILE.png]
//   (nothing) the last project again, or the start dialog (new from a
//             template, open, recent): never the shipped files
//   REPLAY    a replay file (`sandtable play --replay-out`): its scenario
//             opens and the replay is shown on the Playtest page
//   --smoke   open, draw the map once, exit 0 (the GUI test in `make test`)
//   --render  also write the map as drawn to a PNG (for docs and reviews)
#include "app/main_frame.h"

#include "bots/session.h"
#include "kernel/replay.h"
#include "load/loader.h"

#include <wx/app.h>
#include <wx/bitmap.h>
#include <wx/dcmemory.h>
#include <wx/image.h>

#include <clocale>
#include <cstdio>
#include <cstring>
#include <langinfo.h>

namespace sandtable::studio {

namespace {
// wxGTK keeps the C locale, in which the labels' UTF-8 ("Add Column…",
// "Order of battle — …") do not convert and show empty. Character handling
// follows the user's locale, or C.UTF-8 when that is not UTF-8; numbers stay
// in the C locale, so files are written the same everywhere.
void use_utf8_characters() {
    std::setlocale(LC_CTYPE, "");
    if (std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0) std::setlocale(LC_CTYPE, "C.UTF-8");
}
// A replay file says so in its header.
bool is_replay(const std::string& file) {
    try {
        return load::read_file(file).find("format: sandtable-replay/") != std::string::npos;
    } catch (const std::exception&) {
        return false;
    }
}
}  // namespace

class StudioApp : public wxApp {
public:
    bool OnInit() override {
        use_utf8_characters();
        wxInitAllImageHandlers();
        std::string scenario;
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i].ToStdString();
            if (arg == "--smoke")
                smoke_ = true;
            else if (arg == "--render" && i + 1 < argc)
                render_ = argv[++i].ToStdString();
            else
                scenario = arg;
        }
        SetAppName("sandtable-studio");
        auto* frame = new MainFrame();
        if (scenario.empty()) {
            frame->Show();
            CallAfter([frame] { frame->start(); });
            return true;
        }
        std::string replay;
        if (is_replay(scenario)) {
            replay = scenario;
            try {
                scenario =
                    bots::locate_from_replay(replay, kernel::replay_header(load::read_file(replay), replay).scenario);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "%s\n", e.what());
            }
        }
        bool opened = frame->open(scenario, !smoke_ && render_.empty());
        if (!replay.empty()) opened = frame->open_replay(replay) && opened;
        frame->Show();
        if (smoke_ || !render_.empty()) {
            CallAfter([this, frame, opened] {
                const bool drawn = draw_offscreen(*frame);
                std::printf("studio smoke: scenario %s, map %s\n", opened ? "opened" : "NOT opened",
                            drawn ? "drawn" : "NOT drawn");
                exit_code_ = opened && drawn ? 0 : 1;
                frame->Close(true);
            });
        }
        return true;
    }
    int OnExit() override { return exit_code_; }
    int OnRun() override {
        const int code = wxApp::OnRun();
        return exit_code_ ? exit_code_ : code;
    }

private:
    // Draws the map into a bitmap with the same code the window uses.
    bool draw_offscreen(MainFrame& frame) {
        wxBitmap bitmap(1026, 1199, 24);
        wxMemoryDC dc(bitmap);
        dc.SetBackground(wxBrush(wxColour(236, 232, 222)));
        dc.Clear();
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        if (!gc) return false;
        frame.canvas().render_fitted(*gc, wxSize(1026, 1199));
        gc.reset();
        dc.SelectObject(wxNullBitmap);
        return render_.empty() || bitmap.SaveFile(render_, wxBITMAP_TYPE_PNG);
    }

    bool smoke_ = false;
    std::string render_;
    int exit_code_ = 0;
};

}  // namespace sandtable::studio

wxIMPLEMENT_APP(sandtable::studio::StudioApp);
