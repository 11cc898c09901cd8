// app/platform/platform.h: everything the app needs from the machine it runs on, behind one
// interface with two implementations chosen by CMake (Tracy's Backend.hpp with BackendGlfw.cpp /
// BackendEmscripten.cpp): platform_glfw.cpp (desktop: GLFW + OpenGL 3) and platform_web.cpp
// (the WebAssembly build). Nothing outside app/platform/*_web.cpp names the web toolchain.
//
// Callbacks never run re-entrantly: whatever arrives from outside (a dropped file, a picked file,
// a finished download) is queued with Post() and runs at the start of the next frame, before
// ImGui::NewFrame() (Tracy's RunQueue). Fonts can therefore be rebuilt from a posted task.
//
//   platform::Init({"Config Inspector", 1440, 900});
//   platform::SetDropHandler([&](std::vector<platform::File> f) { app.Open(std::move(f)); });
//   platform::Run([&] { return app.Frame(); });   // native: returns when the window closes
//   platform::Shutdown();                          // web: Run() never returns (see Run)
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct ImFontAtlas;

namespace cfgi::platform {

// A file that reached the app from outside (command line, open picker, drop). `path` is what the
// platform knows it by: a real path on the desktop, a path in the in-memory file system on the
// web (e.g. "/uploads/route.yaml"); `text` holds its bytes.
struct File {
  std::string path;
  std::string text;
};

struct WindowOptions {
  std::string title = "Config Inspector";
  int width = 1440;   // logical size
  int height = 900;
  bool restore_size = true;  // desktop: reopen at the size the window had when it last closed
  bool offscreen = false;  // test hooks: create the window hidden (desktop only)
};

// ---- window and frame loop ----

// Creates the window, the GL context, the ImGui context and its platform / renderer backends.
// Returns false (after printing why on stderr) when no window can be created, e.g. no display.
bool Init(const WindowOptions& options);
// Calls `frame` once per frame, between ImGui::NewFrame() and ImGui::Render(), until it returns
// false or the user closes the window. Queued tasks run before each frame. The desktop sleeps
// while nothing happens (input, a queued task, a WakeUpIn deadline) and returns when the loop ends;
// the web hands the loop to the browser and never returns (the toolchain unwinds the caller without
// running its destructors, so what main() made stays alive for the frames to come).
void Run(std::function<bool()> frame);
// Takes the window off the screen at once (desktop; nothing on the web): the loop has ended and
// the user asked to quit, while freeing a large document's results and waiting for a running
// evaluation to end can take seconds (14 s after a 30 MB mesh) before Shutdown.
void HideWindow();
// Destroys the backends, the ImGui context and the window (desktop only; the web never exits).
void Shutdown();

// Queues `task` to run at the start of the next frame and wakes the loop. Thread-safe.
void Post(std::function<void()> task);
// Runs `work` off the UI thread where the platform has threads (the desktop and the web's
// threaded build: one worker thread, tasks in order) and then posts `done`; without threads (the
// web built with CFGI_WASM_THREADS=OFF) runs `work` and `done` at once.
// Used to evaluate documents without freezing the UI on large inputs. `work` must not touch ImGui.
void RunAsync(std::function<void()> work, std::function<void()> done);
// Runs `work` on a thread of its own and then posts `done` (the desktop); the web runs both at
// once. For a call that blocks on the network up to its timeout (the live sources): it never
// holds the evaluations on RunAsync's worker back, and Shutdown does not wait for it (a `done`
// that arrives after Shutdown is dropped). `work` must not touch ImGui.
void RunOnThread(std::function<void()> work, std::function<void()> done);
// Makes sure a frame is drawn within `seconds` even without input (debounce timers, animations).
void WakeUpIn(double seconds);
// Seconds since Init(), monotonic.
double Now();
// CPU time of the calling thread in milliseconds (the desktop's CLOCK_THREAD_CPUTIME_ID); the web,
// where a thread's CPU time is not measurable, gives its wall clock. Frame statistics measure the UI thread with it.
double ThreadCpuMs();
// Of ThreadCpuMs, the part spent in the kernel (getrusage RUSAGE_THREAD's system time: page faults,
// and under a paravirtualised hypervisor its exits); 0 on the web. Frame statistics report it for
// the slowest frames, to tell the app's work from the machine's.
double ThreadKernelMs();
// Called by the loop around each frame on the UI thread: `begin` before the queued tasks run
// (the worker's results are applied there), `end` after the frame's draw data went to the GPU
// and before the buffer swap, given the part of the frame spent rendering the draw data
// (ThreadCpuMs; 0 for a frame not rendered because the screen already shows it: under software
// GL that part is the driver's rasterising, not the app's work). Frame statistics (--frame-stats)
// use them. Either may be empty.
void SetFrameHooks(std::function<void()> begin, std::function<void(double render_ms)> end);
// Asks the loop to end after this frame (File > Quit). Ignored on the web.
void RequestQuit();
// Whether the window has a title bar / can quit (false on the web: hide "Quit").
bool CanQuit();
void SetWindowTitle(const std::string& title);
// Window content scale (HiDPI: 2 on a 200% display, devicePixelRatio on the web); 1 when unknown.
float ContentScale();

// ---- files ----

// Reads a whole file; nullopt when it cannot be read. Desktop: the file system; web: the
// in-memory file system (uploads, preloaded samples).
std::optional<std::string> ReadFile(const std::string& path);
// Writes a whole file, creating parent directories; false on failure.
bool WriteFile(const std::string& path, std::string_view data);
// Offers `data` to the user as a file named `suggested_name`. The desktop writes it to `path`
// (chosen beforehand in the app's own file browser) and the web starts a browser download
// (ignoring `path`). `done(ok, where)` is posted when finished: where = path or file name.
void SaveAs(const std::string& path, const std::string& suggested_name, std::string data,
            std::function<void(bool ok, std::string where)> done);
// Opens the platform's own file picker, if it has one, and posts `done` with the files chosen
// (an empty list when cancelled). Returns false when the platform has no picker: the desktop
// (Debian has no native dialog library), where the app shows its in-app file browser instead.
bool OpenFilePicker(std::function<void(std::vector<File>)> done);
// Whether the app can browse a real file system (the in-app browser, Recent files by path).
bool HasFileSystem();
// Whether the file at `path` can be read again, unchanged, on the next start: every file on the
// desktop; on the web only the samples bundled with the page (/samples/...), not what was opened,
// dropped or pasted. The app keeps the text of a file that does not persist (and of every edited
// file) in its settings, so it survives a reload.
bool FilePersists(const std::string& path);
// Brings in the files `paths` need before they are read, where they are not at hand yet: on the
// web, the large samples left out of the page's bundle (index.data) so they do not slow the start,
// fetched from the site when a path that is or names one of them is opened (web/js/samples.js;
// the page shows the download's progress, or why it failed with a Retry). Returns false when
// everything is at hand (always on the desktop): read at once. Otherwise posts `done(ok)` once, when
// the fetch ended; ok false: a file could not be fetched, and the page says so (its Retry opens the
// same paths again).
bool FetchBeforeOpen(const std::vector<std::string>& paths, std::function<void(bool ok)> done);
// Files dropped onto the window are posted to `handler` (several at once when several dropped).
void SetDropHandler(std::function<void(std::vector<File>)> handler);

// ---- clipboard ----

void SetClipboard(const std::string& text);
std::string GetClipboard();

// ---- settings storage ----

// Persistent small texts by key ("settings.json", "imgui.ini"). Desktop:
// $XDG_CONFIG_HOME/config-inspector/<key> (~/.config when unset); web: IndexedDB (web/js/store.js).
// LoadSetting returns nullopt when the key was never saved.
std::optional<std::string> LoadSetting(const std::string& key);
void SaveSetting(const std::string& key, std::string_view value);
// Overrides where settings live (tests pass a temporary directory). Desktop only.
void SetSettingsDir(const std::string& dir);

// ---- fonts ----

enum class FontRole { kUi, kUiBold, kMono, kSymbols };
// Path of the font file for a role: Inter (fonts-inter) for the UI, DejaVu Sans Mono
// (fonts-dejavu-core) for sources, DejaVu Sans for symbols (⚠ ✓ ✗ ●). Empty when not found:
// the app then falls back to ImGui's built-in font.
std::string FontPath(FontRole role);
// Prepares `atlas` for building (the desktop selects FreeType with light hinting when it was
// built with it, for crisp text) and re-uploads the font texture after the app has added fonts.
// Call from a posted task or before the first frame, never between NewFrame and Render.
void BuildFonts(ImFontAtlas* atlas);

// ---- the web page (web/js; the desktop ignores these) ----

// What the page asks of the app: `state` is the JSON the page's test hook returns
// (window.configInspector.state(): App::StateJson), `link` what a permalink carries (the open
// documents with their text, profiles and inputs) and `restore` reopens such a link on load.
struct WebHooks {
  std::function<std::string()> state;
  std::function<std::string()> link;
  std::function<void(const std::string& link_json)> restore;
  // window.configInspector.frameStats(): the --frame-stats object (FrameStats::Json).
  std::function<std::string()> frame_stats;
  // window.configInspector.step(s): one state-hook step (App::ApplyHookStep: "profile=madr",
  // "view=tab=2", "dataplane=NAME", "type=N"); returns "" or why it cannot be applied. The
  // frames after it are tagged with it in frame_stats.
  std::function<std::string(const std::string& step)> step;
  // window.configInspector.settled(): the work not finished off the UI thread (App::PendingWork),
  // without the cost of `state` (the reports' JSON of a large mesh is 0.25 s in the browser).
  std::function<int()> pending;
  // window.configInspector.summary(): `state` without the documents' reports, divergences and
  // the Problems rows (a large mesh's whole state does not fit the heap twice).
  std::function<std::string()> summary;
};
void SetWebHooks(WebHooks hooks);
// Whether File > Copy link exists (web only). CopyLink puts a permalink of the open documents in
// the address bar and on the clipboard (compressed into the URL hash; nothing is uploaded).
bool CanCopyLink();
void CopyLink();
// Whether the browser keeps Ctrl+W, Ctrl+Tab and Ctrl+PgUp/PgDn for itself (web): the app binds
// Alt+W and Alt+PgUp/PgDn there instead.
bool BrowserOwnsTabShortcuts();

// ---- test hooks (desktop) ----

// Reads the frame just rendered (RGBA8, top row first) and writes it as a PNG. False on failure
// or where unsupported (web). Called by the loop after `frame` returned false when a capture was
// requested with RequestCapture.
void RequestCapture(const std::string& png_path, std::function<void(bool ok)> done);

}  // namespace cfgi::platform
