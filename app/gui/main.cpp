// config-inspector: the desktop (and, in the web build, browser) app. Parses the command line,
// starts the platform and the shell, and runs the test hooks:
//   --screenshot out.png --frames N   render N frames, write the last one as PNG, exit
//   --dump-state out.json             write open documents, diagnostics and results, exit
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/frame_stats.h"
#include "app/platform/platform.h"
#include "core/doc/utf8.h"

namespace {

const char* kUsage = R"(config-inspector: inspect xDS, gRPC, Kuma and CppMicroServices configuration

usage: config-inspector [options] [FILE...]

Opens each FILE (a scenario or native config); without FILE the last session is restored, and
the first start shows the welcome page (a sample per engine, Open, Connect).

options:
  --theme dark|light       start with this theme
  --scale S                UI scale (1 = 100%)
  --size WxH               window size in pixels (default 1440x900)
  --settings-dir DIR       keep settings in DIR instead of $XDG_CONFIG_HOME/config-inspector
  --screenshot FILE.png    render --frames frames (default 5), write the last as PNG, exit
  --frames N               number of frames to render before a test hook runs
  --dump-state FILE.json   write the open documents, diagnostics and results as JSON, exit
  --show help|about|open|connect[=dns|admin|csds|kuma]
                           open a dialog at start (for screenshots of it)
  --view STATE             open the FILEs' views in this state, e.g. "tab=3" or
                           "tab=1;resource=listener-a" (the keys each view saves; docs/gui.md)
  --engine NAME            read the FILEs with this engine (as the Documents list's "Read as")
  --frame-stats FILE.json  write, at exit, the UI thread's frame statistics: first_frame_ms,
                           results_ms (start until the first results are shown), frames,
                           max_frame_ms and p99_frame_ms (UI-thread CPU of the frames after the
                           first, without the buffer swap), frames_over_50ms, slowest, tags
  --step STEP              once the results are shown and the app is idle, do STEP, then the next
                           --step: open=PATH (File > Open..., read off the UI thread),
                           profile=P, view=STATE, dataplane=NAME, type=N (N keys typed in
                           the Source panel), dead_lints=hide|show (the per-document switch);
                           lookup=HOST[,server=IP:PORT][,timeout=MS],
                           admin=URL[,include_eds][,timeout=MS], csds=HOST:PORT[,tls][,timeout=MS],
                           kuma=URL,mesh=M,dataplane=NAME[,timeout=MS] (File > Connect...),
                           refresh (F5), cancel (the running live request; does not wait for
                           it), mark=NAME (only tags the frames after it); with --frames N the app
                           quits after the last step
  --timing                 print the time from start to the first frame, and the longest frame
                           that applied an evaluation's results, on stderr
  --help, --version
Test hooks read settings but never write them; --frames alone runs N frames and quits normally.
)";

struct Args {
  std::vector<std::string> files;
  std::string screenshot, dump_state, settings_dir, show, view, engine, frame_stats;
  std::vector<std::string> steps;
  int frames = -1;
  int width = 1440, height = 900;
  bool sized = false;
  std::optional<bool> dark;
  std::optional<float> scale;
  bool timing = false;
};

int Usage(const std::string& msg) {
  std::fprintf(stderr, "config-inspector: %s\n(try --help)\n", msg.c_str());
  return 2;
}

// -1: run the app; else the exit code (--help, --version, a usage error).
int ParseArgs(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    std::string s = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (s == "--help" || s == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (s == "--version") {
      std::printf("config-inspector %s\n", CFGI_VERSION);
      return 0;
    } else if (s == "--screenshot") {
      if (!value(a.screenshot)) return Usage("--screenshot needs a file");
    } else if (s == "--dump-state") {
      if (!value(a.dump_state)) return Usage("--dump-state needs a file");
    } else if (s == "--settings-dir") {
      if (!value(a.settings_dir)) return Usage("--settings-dir needs a directory");
    } else if (s == "--frames") {
      if (!value(v) || (a.frames = std::atoi(v.c_str())) <= 0) return Usage("--frames needs a positive number");
    } else if (s == "--theme") {
      if (!value(v) || (v != "dark" && v != "light")) return Usage("--theme is dark or light");
      a.dark = v == "dark";
    } else if (s == "--scale") {
      if (!value(v) || std::atof(v.c_str()) <= 0) return Usage("--scale needs a positive number");
      a.scale = static_cast<float>(std::atof(v.c_str()));
    } else if (s == "--size") {
      if (!value(v) || std::sscanf(v.c_str(), "%dx%d", &a.width, &a.height) != 2) return Usage("--size is WxH");
      a.sized = true;
    } else if (s == "--show") {
      if (!value(a.show)) return Usage("--show needs help, about or open");
    } else if (s == "--view") {
      if (!value(a.view)) return Usage("--view needs a view state such as tab=2");
    } else if (s == "--engine") {
      if (!value(a.engine)) return Usage("--engine needs an engine name");
    } else if (s == "--frame-stats") {
      if (!value(a.frame_stats)) return Usage("--frame-stats needs a file");
    } else if (s == "--step") {
      if (!value(v)) return Usage("--step needs a step such as profile=madr or type=20");
      a.steps.push_back(v);
    } else if (s == "--timing") {
      a.timing = true;
    } else if (s.size() > 1 && s[0] == '-' && s != "-") {
      return Usage("unknown option " + s);
    } else {
      a.files.push_back(s);
    }
  }
  return -1;
}

// What the frame callback shares with main: the web build's loop outlives main's stack.
cfgi::gui::App* app = nullptr;
int frame = 0;
bool ok = true;
Args args;
std::chrono::steady_clock::time_point start;
std::optional<cfgi::gui::FrameStats> stats;
std::string frame_tag;  // what the current --step is doing, for the statistics
bool steps_done = false;

double WallMs() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Frame statistics (--frame-stats, configInspector.frameStats()): the platform's frame hooks
// measure the UI thread's CPU from before the queued tasks to before the buffer swap. The web
// page's test hook, permalinks and frame statistics (the desktop ignores them).
void InstallHooks() {
  cfgi::platform::SetFrameHooks([] { stats->Begin(cfgi::platform::ThreadCpuMs(), WallMs(), cfgi::platform::ThreadKernelMs()); },
                                [](double render_ms) {
                                  // A typing step's key frames get a tag of their own ("type=40 keys"):
                                  // the cost per key, apart from the evaluation that follows.
                                  stats->End(cfgi::platform::ThreadCpuMs(), WallMs(), app->results_applied() > 0,
                                             app->HookStepRunning() ? frame_tag + " keys" : frame_tag, render_ms,
                                             cfgi::platform::ThreadKernelMs());
                                });
  cfgi::platform::SetWebHooks({[] { return cfgi::doc::JsonText(app->StateJson()); }, [] { return cfgi::doc::JsonText(app->LinkJson()); },
                               [](const std::string& j) { app->RestoreLink(j); },
                               [] { return cfgi::doc::JsonText(stats->Json()); },
                               [](const std::string& step) {
                                 std::string error;
                                 frame_tag = step;
                                 if (!app->ApplyHookStep(step, &error)) std::fprintf(stderr, "config-inspector: step %s: %s\n", step.c_str(), error.c_str());
                                 return error;
                               },
                               [] { return app->PendingWork(); },
                               [] { return cfgi::doc::JsonText(app->StateJson(/*reports=*/false)); }});
}

// --step: the next step once the results are shown and everything settled (`settled` frames
// without work).
void NextStep(int& settled) {
  static size_t next_step = 0;
  // A live source's step (lookup=, admin=) needs no open document; "cancel" is what a user
  // does while a lookup runs, so it does not wait for the app to be idle (5 frames after the
  // step before it).
  static int since_step = 0;
  ++since_step;
  const bool cancel_next = next_step < args.steps.size() && args.steps[next_step] == "cancel";
  if (!steps_done && ((settled >= 3 && (app->results_applied() > 0 || !app->has_documents())) ||
                      (cancel_next && since_step >= 5))) {
    since_step = 0;
    if (next_step < args.steps.size()) {
      std::string error;
      frame_tag = args.steps[next_step];
      if (!app->ApplyHookStep(args.steps[next_step], &error)) {
        std::fprintf(stderr, "config-inspector: --step %s: %s\n", args.steps[next_step].c_str(), error.c_str());
        ok = false;
      }
      ++next_step;
      settled = 0;
    } else {
      steps_done = true;
      frame_tag.clear();
    }
  }
}

// One frame of the loop: --timing, the steps, and the test hooks' end (capture, quit).
bool Frame() {
  if (frame == 1 && args.timing) {  // the first frame has been rendered and presented
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "config-inspector: first frame on screen %.1f ms after start\n", ms);
  }
  const uint64_t applied = app->results_applied();
  const auto frame_start = std::chrono::steady_clock::now();
  bool keep = app->Frame();
  // --timing: the longest frame that applied an evaluation's results (the views' OnEvaluated
  // and the first draw of the new results), the UI thread's share of an evaluation.
  static double longest_after_results = 0;
  if (args.timing && app->results_applied() != applied) {
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frame_start).count();
    if (ms > longest_after_results) {
      longest_after_results = ms;
      std::fprintf(stderr, "config-inspector: frame applying results %.1f ms (longest so far)\n", ms);
    }
  }
  ++frame;
  // Test hooks wait for evaluations to finish (at most a minute), then let the layout settle
  // for a few frames (tab bars and auto-sized columns take two), before they capture.
  static int settled = 0;
  settled = app->Busy() || app->HookStepRunning() ? 0 : settled + 1;
  NextStep(settled);
  if (args.frames > 0 && frame >= args.frames && ((settled >= 3 && steps_done) || frame > args.frames + 6000)) {
    if (!args.screenshot.empty())
      cfgi::platform::RequestCapture(args.screenshot, [](bool captured) {
        if (!captured) {
          std::fprintf(stderr, "config-inspector: cannot write %s\n", args.screenshot.c_str());
          ok = false;
        }
      });
    return false;
  }
  // Test hooks never wait for input; while the worker evaluates, frames come at the rate the
  // app itself asks for (the progress bar's 10 per second), as without hooks: drawing at 100
  // frames a second under Xvfb's software GL would take a core from the evaluation and make
  // the measured time to results (--frame-stats results_ms) the hooks' own cost.
  if (args.frames > 0 && (!app->Busy() || app->HookStepRunning())) cfgi::platform::WakeUpIn(0.01);
  return keep;
}

// --dump-state and --frame-stats, at exit.
void WriteOutputs(const Args& a) {
  if (!a.dump_state.empty()) {
    std::string s = cfgi::doc::JsonText(app->StateJson(), 2) + "\n";
    if (!cfgi::platform::WriteFile(a.dump_state, s)) {
      std::fprintf(stderr, "config-inspector: cannot write %s\n", a.dump_state.c_str());
      ok = false;
    }
  }
  if (!a.frame_stats.empty()) {
    std::string s = cfgi::doc::JsonText(stats->Json(), 2) + "\n";
    if (!cfgi::platform::WriteFile(a.frame_stats, s)) {
      std::fprintf(stderr, "config-inspector: cannot write %s\n", a.frame_stats.c_str());
      ok = false;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const auto t0 = std::chrono::steady_clock::now();
  Args a;
  if (int rc = ParseArgs(argc, argv, a); rc >= 0) return rc;
  const bool hook = !a.screenshot.empty() || !a.dump_state.empty();
  if (hook && a.frames < 0) a.frames = 5;

  if (!a.settings_dir.empty()) cfgi::platform::SetSettingsDir(a.settings_dir);
  cfgi::platform::WindowOptions wo;
  wo.width = a.width;
  wo.height = a.height;
  wo.restore_size = !a.sized && !hook;
  if (!cfgi::platform::Init(wo)) return 1;
  auto ms_since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
  };
  if (a.timing) std::fprintf(stderr, "config-inspector: window and GL context %.1f ms\n", ms_since(t0));

  cfgi::gui::AppOptions options;
  options.save_settings = !hook;
  options.dark = a.dark;
  options.scale = a.scale;
  options.show = a.show;
  options.view = a.view;
  options.engine = a.engine;
  app = new cfgi::gui::App(options);  // lives as long as the (web) loop
  app->Start(a.files);
  if (a.timing) std::fprintf(stderr, "config-inspector: fonts, settings, documents %.1f ms\n", ms_since(t0));

  args = a;
  start = t0;
  stats.emplace(WallMs() - ms_since(t0));
  steps_done = a.steps.empty();
  InstallHooks();
  cfgi::platform::Run(Frame);
  cfgi::platform::HideWindow();
  WriteOutputs(a);
  app->Save(/*wait=*/true);
  delete app;
  cfgi::platform::Shutdown();
  return ok ? 0 : 1;
}
