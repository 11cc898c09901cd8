// app/platform/platform_web.cpp: the platform interface in the browser (emscripten 3.1.6).
// GLFW is emscripten's JavaScript emulation (-sUSE_GLFW=3) on a WebGL 2 context; ImGui renders
// with its OpenGL ES 3 backend. Everything else the page does itself in web/js/ (file picker,
// drops, paste, downloads, clipboard, the settings store in IndexedDB, permalinks): this file calls it through
// EM_JS and receives from it through the EMSCRIPTEN_KEEPALIVE functions at the end. This is the
// only C++ file that mentions emscripten.
#include "app/platform/platform.h"
#include "app/platform/key_taps.h"

#include <emscripten.h>
#include <emscripten/html5.h>
#ifdef __EMSCRIPTEN_PTHREADS__
#include <emscripten/threading.h>
#endif

#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <sys/stat.h>

#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <utility>

// ---- into the page (web/js/io.js, web/js/permalink.js) ----
// clang-format off
EM_JS(void, cfgi_js_frame_done, (), { window.cfgiWeb.frameDone(); });
// The start-up failure message (js/loader.js): the page checks only that WebGL 2 exists, this
// says when no context could be made.
EM_JS(void, cfgi_js_fail, (const char* reason), { window.cfgiLoader.fail(UTF8ToString(reason)); });
EM_JS(void, cfgi_js_open_picker, (), { window.cfgiWeb.openPicker(); });
EM_JS(void, cfgi_js_download, (const char* name, const char* data, int size, const char* mime), {
  window.cfgiWeb.download(UTF8ToString(name), HEAPU8.slice(data, data + size), UTF8ToString(mime));
});
EM_JS(void, cfgi_js_set_clipboard, (const char* text), { window.cfgiWeb.setClipboard(UTF8ToString(text)); });
// Settings cross as UTF-8 bytes (web/js/store.js keeps them so): a session holding a 3.6 MB
// document was decoded into a JavaScript string on every save, 257 ms of the page's thread in the
// threaded build (emscripten's UTF8ToString decodes shared memory byte by byte in JavaScript),
// and IndexedDB then cloned the string (83 ms); a copy of the bytes is a memcpy. A string value
// (stored by an earlier version) is still read.
EM_JS(char*, cfgi_js_storage_get, (const char* key), {
  var v = window.cfgiWeb.storageGet(UTF8ToString(key));
  if (v === null || v === undefined) return 0;
  if (v instanceof Uint8Array) {
    var b = _malloc(v.length + 1);
    HEAPU8.set(v, b);
    HEAPU8[b + v.length] = 0;
    return b;
  }
  var n = lengthBytesUTF8(v) + 1;
  var p = _malloc(n);
  stringToUTF8(v, p, n);
  return p;
});
EM_JS(void, cfgi_js_storage_set, (const char* key, const char* value, int size), {
  window.cfgiWeb.storageSet(UTF8ToString(key), HEAPU8.slice(value, value + size));
});
EM_JS(void, cfgi_js_copy_link, (), {
  window.cfgiWeb.copyLink().catch(function(e) { console.warn('copy link: ' + e.message); });
});
// The samples of `paths` (newline-separated) still to be fetched (web/js/samples.js): 0 when none,
// else an id that cfgi_web_fetched answers.
EM_JS(int, cfgi_js_fetch_samples, (const char* paths), {
  return window.cfgiSamples.fetchFor(UTF8ToString(paths).split('\n'));
});
// The title is set after the frame (a task of its own): Chromium's title update took 1-11 ms of the
// frame a document opened in (profiled, 30 Nov).
EM_JS(void, cfgi_js_set_title, (const char* title), {
  const t = UTF8ToString(title);
  setTimeout(() => { if (document.title !== t) document.title = t; }, 0);
});
// clang-format on

namespace cfgi::platform {
namespace {

struct State {
  GLFWwindow* window = nullptr;
  std::function<bool()> frame;
  // Post's queue: filled from any thread (RunAsync's worker posts its `done`), run by Step on
  // the page's thread.
  std::mutex tasks_mu;
  std::deque<std::function<void()>> tasks;
  std::function<void(std::vector<File>)> drop_handler;
  std::function<void(std::vector<File>)> picker_done;
  WebHooks hooks;
  std::function<void()> frame_begin;  // SetFrameHooks
  std::function<void(double)> frame_end;
  std::string clipboard;
  double wake_at = 0;          // draw a frame at least until then (WakeUpIn, recent input)
  std::atomic<double> last_activity{0};  // input, tasks (posted from any thread), resizes
  int canvas_w = 0, canvas_h = 0;
  double dpr = 1;
  // The WebGL context was lost (web/js/gl.js): no frame is drawn (every GL call would fail) until
  // the browser restores it and the backend's objects are made again.
  bool context_lost = false;
  std::map<int, std::function<void(bool)>> fetching;  // FetchBeforeOpen by the page's id
#ifdef __EMSCRIPTEN_PTHREADS__
  // RunAsync's worker (a Web Worker running this module's pthread): the desktop's one worker
  // thread, jobs in order. Started on the first RunAsync, from the pool made at start
  // (-sPTHREAD_POOL_SIZE, cmake/web_app.cmake), so it runs without waiting for the page's thread.
  std::thread worker;
  std::mutex work_mu;
  std::condition_variable work_cv;
  std::deque<std::pair<std::function<void()>, std::function<void()>>> work;
#endif
};

State& S() {
  static State s;
  return s;
}

// ImGui keeps drawing for a while after any input so hover and animations settle.
constexpr double kActiveSeconds = 0.75;

void MarkActivity() { S().last_activity.store(emscripten_get_now() / 1000.0, std::memory_order_relaxed); }

bool TasksPending() {
  std::lock_guard<std::mutex> lock(S().tasks_mu);
  return !S().tasks.empty();
}

// Sizes the canvas's drawing buffer to its CSS size times devicePixelRatio, so text is drawn
// at the screen's real resolution (crisp on high-DPI screens). GLFW's emulation reports sizes in
// drawing-buffer pixels and scales mouse positions the same way; the app scales its UI by
// ContentScale().
void SyncCanvasSize() {
  State& s = S();
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  double dpr = emscripten_get_device_pixel_ratio();
  int w = std::max(1, static_cast<int>(std::lround(css_w * dpr)));
  int h = std::max(1, static_cast<int>(std::lround(css_h * dpr)));
  if (w != s.canvas_w || h != s.canvas_h || dpr != s.dpr) {
    s.canvas_w = w;
    s.canvas_h = h;
    s.dpr = dpr;
    glfwSetWindowSize(s.window, w, h);
    MarkActivity();
  }
}

const char* GetClipboardForImGui(void*) { return S().clipboard.c_str(); }
void SetClipboardFromImGui(void*, const char* text) { SetClipboard(text ? text : ""); }

// Activity from GLFW: chained before ImGui's callbacks (ImGui calls the previous ones).
void OnCursor(GLFWwindow*, double, double) { MarkActivity(); }
void OnButton(GLFWwindow*, int, int, int) { MarkActivity(); }
void OnScroll(GLFWwindow*, double, double) { MarkActivity(); }
void OnKey(GLFWwindow*, int, int, int, int) { MarkActivity(); }
void OnChar(GLFWwindow*, unsigned int) { MarkActivity(); }

void RunQueue() {
  // Tasks may post tasks: those run next frame.
  std::deque<std::function<void()>> now;
  {
    std::lock_guard<std::mutex> lock(S().tasks_mu);
    now.swap(S().tasks);
  }
  for (auto& t : now) t();
}

void Step() {
  State& s = S();
  if (s.context_lost) return;
  SyncCanvasSize();
  double t = Now();
  static double last_frame = 0;
  // Idle, the app still gets a frame a second for its timers (saving settings, debounces).
  bool busy = TasksPending() || t < s.wake_at || t - s.last_activity.load(std::memory_order_relaxed) < kActiveSeconds ||
              t - last_frame > 1.0;
  static bool first = true;
  if (!busy && !first) return;  // nothing changed: the canvas keeps showing the last frame
  if (s.frame_begin) s.frame_begin();
  RunQueue();
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  s.frame();  // the web never quits: the return value is ignored
  KeyTapsAfterFrame();
  ImGui::Render();
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(s.window, &fb_w, &fb_h);
  const double render_from = s.frame_end ? ThreadCpuMs() : 0;
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(0.11f, 0.118f, 0.133f, 1.f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (s.frame_end) s.frame_end(ThreadCpuMs() - render_from);
  first = false;
  last_frame = t;
  cfgi_js_frame_done();
}

std::vector<File> ReadFiles(const std::string& paths) {
  std::vector<File> files;
  std::istringstream in(paths);
  std::string p;
  while (std::getline(in, p))
    if (!p.empty())
      if (auto text = ReadFile(p)) files.push_back({p, std::move(*text)});
  return files;
}

bool Exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

}  // namespace

bool Init(const WindowOptions& options) {
  State& s = S();
  if (!glfwInit()) {
    std::fprintf(stderr, "glfwInit failed\n");
    return false;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  s.dpr = emscripten_get_device_pixel_ratio();
  s.canvas_w = std::max(1, static_cast<int>(std::lround(css_w * s.dpr)));
  s.canvas_h = std::max(1, static_cast<int>(std::lround(css_h * s.dpr)));
  s.window = glfwCreateWindow(s.canvas_w, s.canvas_h, options.title.c_str(), nullptr, nullptr);
  if (!s.window) {
    std::fprintf(stderr, "cannot create a WebGL 2 context\n");
    cfgi_js_fail("This browser cannot create a WebGL 2 context (is hardware acceleration off?).");
    return false;
  }
  glfwMakeContextCurrent(s.window);
  SetWindowTitle(options.title);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the app keeps imgui.ini through LoadSetting / SaveSetting
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  glfwSetCursorPosCallback(s.window, OnCursor);
  glfwSetMouseButtonCallback(s.window, OnButton);
  glfwSetScrollCallback(s.window, OnScroll);
  glfwSetKeyCallback(s.window, OnKey);
  glfwSetCharCallback(s.window, OnChar);
  ImGui_ImplGlfw_InitForOpenGL(s.window, /*install_callbacks=*/true);
  InstallKeyTaps(s.window);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  // The OS clipboard through the page (GLFW's emulation keeps a private one).
  io.GetClipboardTextFn = GetClipboardForImGui;
  io.SetClipboardTextFn = SetClipboardFromImGui;
  io.ClipboardUserData = nullptr;
  MarkActivity();
  return true;
}

void Run(std::function<bool()> frame) {
  S().frame = std::move(frame);
  // The browser owns the loop. simulate_infinite_loop unwinds the caller without running its
  // destructors, so objects on main()'s stack stay alive for the frames to come.
  emscripten_set_main_loop(Step, 0, /*simulate_infinite_loop=*/true);
}

void HideWindow() {}
void Shutdown() {}

void Post(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(S().tasks_mu);
    S().tasks.push_back(std::move(task));
  }
  MarkActivity();
}

#ifdef __EMSCRIPTEN_PTHREADS__
// As the desktop (platform_glfw.cpp): one worker thread runs the jobs in order and posts each
// `done` to the page's thread. `work` must not call into the page (EM_JS runs JavaScript that
// needs `window`): SaveSetting, the one such call a job makes, posts itself to the page's thread.
void RunAsync(std::function<void()> work, std::function<void()> done) {
  State& s = S();
  if (!s.worker.joinable()) {
    s.worker = std::thread([] {
      for (;;) {
        std::pair<std::function<void()>, std::function<void()>> job;
        {
          std::unique_lock<std::mutex> lock(S().work_mu);
          S().work_cv.wait(lock, [] { return !S().work.empty(); });
          job = std::move(S().work.front());
          S().work.pop_front();
        }
        job.first();
        if (job.second) Post(std::move(job.second));
        job = {};  // what the job captured is freed here, off the page's thread
      }
    });
  }
  {
    std::lock_guard<std::mutex> lock(s.work_mu);
    s.work.emplace_back(std::move(work), std::move(done));
    // libc++ moves a std::function whose callable fits its small buffer by copying the callable
    // (__value_func's move constructor clones it), so `work` still holds a copy of what the job
    // captured. Dropped here, under the lock, before the worker can take the job: dropped after
    // it, the page's copy was the last owner whenever the idle worker ran first, and an
    // evaluation's replaced results (a `[old]` job that frees them, App::StartEvaluation) were
    // freed on the page's thread: frames of 580-1,440 ms after typing into large-mesh.yaml.
    work = nullptr;
    done = nullptr;
  }
  s.work_cv.notify_one();
}
// The web makes no network calls from C++ (no live sources), so nothing needs a thread of its
// own: such work queues behind the evaluations.
void RunOnThread(std::function<void()> work, std::function<void()> done) { RunAsync(std::move(work), std::move(done)); }
#else
// The single-threaded build (CFGI_WASM_THREADS=OFF): evaluate at once, on the page's thread, and
// apply the outcome right away.
void RunAsync(std::function<void()> work, std::function<void()> done) {
  work();
  if (done) done();
}

void RunOnThread(std::function<void()> work, std::function<void()> done) { RunAsync(std::move(work), std::move(done)); }
#endif

void WakeUpIn(double seconds) {
  State& s = S();
  double at = Now() + seconds;
  if (s.wake_at < Now() || at > s.wake_at) s.wake_at = at;
}

double Now() { return emscripten_get_now() / 1000.0; }
// The page's thread's CPU time is not measurable in the browser: its wall time stands in.
double ThreadCpuMs() { return emscripten_get_now(); }
double ThreadKernelMs() { return 0; }
void SetFrameHooks(std::function<void()> begin, std::function<void(double render_ms)> end) {
  S().frame_begin = std::move(begin);
  S().frame_end = std::move(end);
}
void RequestQuit() {}
bool CanQuit() { return false; }
void SetWindowTitle(const std::string& title) { cfgi_js_set_title(title.c_str()); }
float ContentScale() { return static_cast<float>(S().dpr > 0 ? S().dpr : 1.0); }

std::optional<std::string> ReadFile(const std::string& path) {
  // One allocation of the file's size and one read into it (with room for edits, as the
  // desktop's): a stream copy through ostringstream took 190 ms of the page's thread for the 3.6
  // MB large-mesh.yaml as it was dropped.
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return std::nullopt;
  std::string text;
  struct stat st {};
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    const size_t size = static_cast<size_t>(st.st_size);
    text.reserve(size + size / 8 + 4096);
    text.resize(size);
    text.resize(std::fread(text.data(), 1, size, f));
  } else {
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
  }
  const bool ok = !std::ferror(f);
  std::fclose(f);
  if (!ok) return std::nullopt;
  return text;
}

bool WriteFile(const std::string& path, std::string_view data) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1))
    mkdir(path.substr(0, slash).c_str(), 0755);
  std::ofstream out(path, std::ios::binary);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  return static_cast<bool>(out);
}

void SaveAs(const std::string&, const std::string& suggested_name, std::string data,
            std::function<void(bool, std::string)> done) {
  std::string_view n = suggested_name;
  const char* mime = n.ends_with(".json") ? "application/json"
                     : n.ends_with(".yaml") || n.ends_with(".yml") ? "application/yaml"
                     : "text/plain";
  cfgi_js_download(suggested_name.c_str(), data.data(), static_cast<int>(data.size()), mime);
  if (done) Post([done, suggested_name] { done(true, suggested_name); });
}

bool OpenFilePicker(std::function<void(std::vector<File>)> done) {
  S().picker_done = std::move(done);
  cfgi_js_open_picker();
  return true;
}

bool HasFileSystem() { return false; }
bool FilePersists(const std::string& path) { return path.starts_with("/samples/"); }
bool FetchBeforeOpen(const std::vector<std::string>& paths, std::function<void(bool)> done) {
  std::string joined;
  for (const std::string& p : paths) joined += p + "\n";
  int id = cfgi_js_fetch_samples(joined.c_str());
  if (id == 0) return false;
  S().fetching[id] = std::move(done);
  return true;
}
void SetDropHandler(std::function<void(std::vector<File>)> handler) { S().drop_handler = std::move(handler); }

void SetClipboard(const std::string& text) {
  S().clipboard = text;
  cfgi_js_set_clipboard(text.c_str());
}
std::string GetClipboard() { return S().clipboard; }

std::optional<std::string> LoadSetting(const std::string& key) {
  char* v = cfgi_js_storage_get(key.c_str());
  if (!v) return std::nullopt;
  std::string out(v);
  std::free(v);
  return out;
}

void SaveSetting(const std::string& key, std::string_view value) {
  std::string v(value);
#ifdef __EMSCRIPTEN_PTHREADS__
  if (!emscripten_is_main_runtime_thread()) {  // the settings writer runs on RunAsync's worker
    Post([key, v = std::move(v)] { cfgi_js_storage_set(key.c_str(), v.c_str(), static_cast<int>(v.size())); });
    return;
  }
#endif
  cfgi_js_storage_set(key.c_str(), v.c_str(), static_cast<int>(v.size()));
}

void SetSettingsDir(const std::string&) {}

std::string FontPath(FontRole role) {
  // Bundled with --preload-file from Debian's fonts-inter and fonts-dejavu-core (CMake).
  const char* p = "/fonts/Inter-Regular.otf";
  switch (role) {
    case FontRole::kUi: p = "/fonts/Inter-Regular.otf"; break;
    case FontRole::kUiBold: p = "/fonts/Inter-SemiBold.otf"; break;
    case FontRole::kMono: p = "/fonts/DejaVuSansMono.ttf"; break;
    case FontRole::kSymbols: p = "/fonts/DejaVuSans.ttf"; break;
  }
  return Exists(p) ? p : "";
}

void BuildFonts(ImFontAtlas* atlas) {
  // stb_truetype here (no FreeType on the web). Re-upload the texture the backend made.
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  atlas->Build();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

void RequestCapture(const std::string&, std::function<void(bool)> done) {
  if (done) Post([done] { done(false); });
}

void SetWebHooks(WebHooks hooks) { S().hooks = std::move(hooks); }
bool CanCopyLink() { return true; }
void CopyLink() { cfgi_js_copy_link(); }
bool BrowserOwnsTabShortcuts() { return true; }

}  // namespace cfgi::platform

// ---- from the page ----
extern "C" {

// Files the page wrote into the FS (newline-separated paths). kind 0: opened (drop, paste, the
// test hook); kind 1: the answer to OpenFilePicker (empty when cancelled).
EMSCRIPTEN_KEEPALIVE void cfgi_web_files(const char* paths, int kind) {
  using namespace cfgi::platform;
  std::vector<File> files = ReadFiles(paths ? paths : "");
  State& s = S();
  if (kind == 1) {
    auto done = std::move(s.picker_done);
    s.picker_done = nullptr;
    if (done) Post([done, files = std::move(files)]() mutable { done(std::move(files)); });
    else if (s.drop_handler && !files.empty()) Post([h = s.drop_handler, files = std::move(files)]() mutable { h(std::move(files)); });
    return;
  }
  if (s.drop_handler && !files.empty()) Post([h = s.drop_handler, files = std::move(files)]() mutable { h(std::move(files)); });
}

// The fetch FetchBeforeOpen started as `id` ended (ok 0: failed; the page says why and its Retry
// opens the same paths again, which starts a new fetch).
EMSCRIPTEN_KEEPALIVE void cfgi_web_fetched(int id, int ok) {
  using namespace cfgi::platform;
  auto it = S().fetching.find(id);
  if (it == S().fetching.end()) return;
  auto done = std::move(it->second);
  S().fetching.erase(it);
  MarkActivity();
  if (done) Post([done, ok] { done(ok != 0); });
}

// Text the user pasted (Ctrl+V): what ImGui reads when it handles the key on the next frame.
EMSCRIPTEN_KEEPALIVE void cfgi_web_clipboard_pasted(const char* text) {
  cfgi::platform::S().clipboard = text ? text : "";
  cfgi::platform::MarkActivity();
}

// Whether a text field has the keyboard (a paste then goes into it, not into a new document).
EMSCRIPTEN_KEEPALIVE int cfgi_web_wants_text() {
  return ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput ? 1 : 0;
}

// A test hook's JSON for the page, kept in `out` until that hook is called again (the page copies
// it at once: cfgiWeb.callForText); "{}" before the app registered its hooks.
static const char* HookText(std::string& out, const std::function<std::string()>& hook) {
  out = hook ? hook() : "{}";
  return out.c_str();
}

// The app's state for the test hook.
EMSCRIPTEN_KEEPALIVE const char* cfgi_web_state() {
  static std::string out;
  return HookText(out, cfgi::platform::S().hooks.state);
}

// state() without the reports (WebHooks::summary).
EMSCRIPTEN_KEEPALIVE const char* cfgi_web_summary() {
  static std::string out;
  return HookText(out, cfgi::platform::S().hooks.summary);
}

// The --frame-stats object.
EMSCRIPTEN_KEEPALIVE const char* cfgi_web_frame_stats() {
  static std::string out;
  return HookText(out, cfgi::platform::S().hooks.frame_stats);
}

// One state-hook step (WebHooks::step), run at the start of the next frame. The page polls
// frameStats() and state() for its effect.
EMSCRIPTEN_KEEPALIVE void cfgi_web_step(const char* step) {
  using namespace cfgi::platform;
  auto& f = S().hooks.step;
  if (f) Post([f, s = std::string(step ? step : "")] { f(s); });
}

// The work not finished off the page's thread (App::PendingWork; -1 before the app registered
// its hooks): the test hook's settled() polls it every frame, where state() would cost 0.25 s.
EMSCRIPTEN_KEEPALIVE int cfgi_web_pending() {
  auto& f = cfgi::platform::S().hooks.pending;
  return f ? f() : -1;
}

// What a permalink carries (JSON; "{}" before the app registered its hooks).
EMSCRIPTEN_KEEPALIVE const char* cfgi_web_link_state() {
  static std::string out;
  auto& f = cfgi::platform::S().hooks.link;
  out = f ? f() : "{}";
  return out.c_str();
}

// A permalink's payload, as cfgi_web_link_state gave it: the app reopens it on its next frame.
EMSCRIPTEN_KEEPALIVE void cfgi_web_restore(const char* json) {
  using namespace cfgi::platform;
  auto& f = S().hooks.restore;
  if (f) Post([f, payload = std::string(json ? json : "{}")] { f(payload); });
}

// The canvas's WebGL context was lost (web/js/gl.js cancelled the event so it can come back):
// frames stop until cfgi_web_context_restored.
EMSCRIPTEN_KEEPALIVE void cfgi_web_context_lost() { cfgi::platform::S().context_lost = true; }

// The browser restored the context with none of its objects: the OpenGL backend starts afresh
// (its shaders, buffers and the font texture are made again at the next frame; the backend's
// record of its buffers' sizes goes with it, else it would write past the new, empty buffers).
// The stale names it deletes first belong to the lost context, which WebGL ignores.
EMSCRIPTEN_KEEPALIVE void cfgi_web_context_restored() {
  using namespace cfgi::platform;
  State& s = S();
  if (!s.context_lost) return;
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplOpenGL3_Init("#version 300 es");
  s.context_lost = false;
  MarkActivity();
}

}  // extern "C"
