// app/platform/platform_glfw.cpp: the desktop implementation of platform.h (GLFW 3.3 + OpenGL 3,
// Dear ImGui's GLFW and OpenGL 3 backends from Debian's libimgui.a).
#include "app/platform/platform.h"
#include "app/platform/key_taps.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <ctime>
#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <thread>
#include <sstream>
#include <utility>

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#ifdef CFGI_FREETYPE
#include <imgui_freetype.h>
#endif
#define GL_GLEXT_PROTOTYPES
#include <GLFW/glfw3.h>
#include <stb_image_write.h>
#ifdef CFGI_APP_ICON
#include <stb_image.h>

#include "app_icon.h"  // generated from assets/ by app/gui/CMakeLists.txt
#endif

namespace cfgi::platform {

namespace fs = std::filesystem;

namespace {

struct State {
  GLFWwindow* window = nullptr;
  std::mutex mu;
  std::vector<std::function<void()>> queue;
  std::function<void(std::vector<File>)> drop_handler;
  double wake_at = -1;
  bool quit = false;
  bool restore_size = true;
  std::string settings_dir;
  std::string capture_path;
  uint64_t last_signature = 0;  // DrawSignature of the frame on screen
  // Frames left that ask the window system for the pointer, focus and size (NewPlatformFrame below).
  int input_frames = 2;
  double last_frame_time = 0;  // glfwGetTime() of the last frame, for io.DeltaTime
  struct {
    GLFWwindowfocusfun focus = nullptr;
    GLFWcursorenterfun enter = nullptr;
    GLFWmousebuttonfun button = nullptr;
    GLFWscrollfun scroll = nullptr;
  } imgui;  // ImGui's callbacks, called first
  std::function<void(bool)> capture_done;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  // RunAsync's worker.
  std::thread worker;
  std::function<void()> frame_begin;  // SetFrameHooks
  std::function<void(double)> frame_end;
  std::mutex work_mu;
  std::condition_variable work_cv;
  std::deque<std::pair<std::function<void()>, std::function<void()>>> work;
  bool stop_worker = false;
};

State& S() {
  static State s;
  return s;
}

void InstallInputFrames(GLFWwindow* window);  // below, with the frame's platform step

void RunQueue() {
  std::vector<std::function<void()>> tasks;
  {
    std::lock_guard<std::mutex> lock(S().mu);
    tasks.swap(S().queue);
  }
  for (auto& t : tasks) t();
}

bool QueueEmpty() {
  std::lock_guard<std::mutex> lock(S().mu);
  return S().queue.empty();
}

void OnDrop(GLFWwindow*, int count, const char** paths) {
  std::vector<File> files;
  for (int i = 0; i < count; ++i) {
    std::string p = paths[i];
    if (fs::is_directory(p)) continue;
    auto text = ReadFile(p);
    if (text) files.push_back({p, std::move(*text)});
    else files.push_back({p, {}});
  }
  if (S().drop_handler) {
    auto handler = S().drop_handler;
    Post([handler, files = std::move(files)]() mutable { handler(std::move(files)); });
  }
}

void OnGlfwError(int code, const char* what) { std::fprintf(stderr, "config-inspector: GLFW error %d: %s\n", code, what); }

std::string SettingsDir() {
  if (!S().settings_dir.empty()) return S().settings_dir;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/config-inspector";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/config-inspector";
  return ".config-inspector";
}

bool WritePng(const std::string& path, int w, int h, const std::vector<unsigned char>& rgba) {
  // GL rows are bottom-up; PNG rows are top-down.
  return stbi_write_png(path.c_str(), w, h, 4, rgba.data() + static_cast<size_t>(w) * 4 * (h - 1), -w * 4) != 0;
}

void Capture() {
  int w = 0, h = 0;
  glfwGetFramebufferSize(S().window, &w, &h);
  bool ok = false;
  if (w > 0 && h > 0) {
    std::vector<unsigned char> px(static_cast<size_t>(w) * h * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    for (size_t i = 3; i < px.size(); i += 4) px[i] = 255;  // the window is opaque
    std::error_code ec;
    fs::path parent = fs::path(S().capture_path).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    ok = WritePng(S().capture_path, w, h, px);
  }
  auto done = std::move(S().capture_done);
  S().capture_path.clear();
  S().capture_done = nullptr;
  if (done) Post([done, ok] { done(ok); });
}

}  // namespace

bool Init(const WindowOptions& o) {
  // Large blocks (a 3.5 MB text's copies: the evaluation's snapshot, the settings' unsaved text)
  // come from the heap and stay there when freed, instead of a fresh mmap each: on this class of
  // virtual machine every page of a fresh mapping is a ~20 us fault, 20 ms per 3.5 MB copy on the
  // UI thread, past the 4 ms a keystroke may cost there. Peak RSS is unchanged (the scale test measures it).
  mallopt(M_MMAP_THRESHOLD, 16 << 20);  // at most 32 MB (DEFAULT_MMAP_THRESHOLD_MAX)
  mallopt(M_TRIM_THRESHOLD, 256 << 20);

  glfwSetErrorCallback(OnGlfwError);
  if (!glfwInit()) {
    std::fprintf(stderr, "config-inspector: cannot initialise GLFW (is there a display? try xvfb-run)\n");
    return false;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  if (o.offscreen) glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  int w = o.width, h = o.height;
  S().restore_size = o.restore_size;
  if (o.restore_size)
    if (auto saved = LoadSetting("window")) {
      int sw = 0, sh = 0;
      if (std::sscanf(saved->c_str(), "%d %d", &sw, &sh) == 2 && sw >= 400 && sh >= 300 && sw <= 16384 && sh <= 16384)
        w = sw, h = sh;
    }
  S().window = glfwCreateWindow(w, h, o.title.c_str(), nullptr, nullptr);
  if (!S().window) {
    std::fprintf(stderr, "config-inspector: cannot create an OpenGL 3 window\n");
    glfwTerminate();
    return false;
  }
#ifdef CFGI_APP_ICON
  {
    // The app's icon (assets/config-inspector.svg rendered at 48 and 32 px). X11 shows it in the
    // task bar and the window switcher; Wayland ignores it (the desktop entry's Icon= names it).
    GLFWimage images[2];
    stbi_uc* pixels[2] = {};
    int n = 0;
    const std::pair<const unsigned char*, size_t> pngs[2] = {{kAppIcon48, sizeof kAppIcon48}, {kAppIcon32, sizeof kAppIcon32}};
    for (const auto& png : pngs) {
      int iw = 0, ih = 0, comp = 0;
      stbi_uc* px = stbi_load_from_memory(png.first, static_cast<int>(png.second), &iw, &ih, &comp, 4);
      if (!px) continue;
      pixels[n] = px;
      images[n] = GLFWimage{iw, ih, px};
      ++n;
    }
    if (n > 0) glfwSetWindowIcon(S().window, n, images);
    for (int i = 0; i < n; ++i) stbi_image_free(pixels[i]);
  }
#endif
  glfwMakeContextCurrent(S().window);
  glfwSwapInterval(1);
  glfwSetDropCallback(S().window, OnDrop);
  // The window's pixels were lost (exposed without a compositor, restored): the next frame is
  // rendered even if it draws what the last one drew (DrawSignature).
  glfwSetWindowRefreshCallback(S().window, [](GLFWwindow*) { S().last_signature = 0; });

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui_ImplGlfw_InitForOpenGL(S().window, true);
  InstallKeyTaps(S().window);
  InstallInputFrames(S().window);
  ImGui_ImplOpenGL3_Init("#version 130");
  return true;
}

namespace {
// The frame's platform step. ImGui's GLFW backend (1.86) asks the window system, every frame, for
// the window's size (twice), its focus and the pointer's position: four round trips to the X
// server, each a write, a poll and a read and two context switches. They were most of an idle
// frame's CPU (perf on the UI thread: ~60 % in _XReply/_XSend under ImGui_ImplGlfw_NewFrame), and
// in a paravirtualised guest, where every system call is an exit to the hypervisor, frames that
// build in 0.5 ms took 40-56 ms of CPU clock in CI while the worker evaluated (docs/performance.md).
// Nothing they ask changes without an event GLFW reports (a pointer move, a button, a scroll, the
// focus, the pointer entering or leaving, a resize), so the backend's step runs in the frames after
// one (two frames: a button pressed and released between two frames shows as held in the first,
// released in the second) and the others keep its answers; io.DeltaTime is always this clock's.
void MarkInput() { S().input_frames = 2; }

void InstallInputFrames(GLFWwindow* window) {
  auto& b = S().imgui;
  b.focus = glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int focused) {
    MarkInput();
    if (S().imgui.focus) S().imgui.focus(w, focused);
  });
  b.enter = glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int entered) {
    MarkInput();
    if (S().imgui.enter) S().imgui.enter(w, entered);
  });
  b.button = glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
    MarkInput();
    if (S().imgui.button) S().imgui.button(w, button, action, mods);
  });
  b.scroll = glfwSetScrollCallback(window, [](GLFWwindow* w, double x, double y) {
    MarkInput();
    if (S().imgui.scroll) S().imgui.scroll(w, x, y);
  });
  glfwSetCursorPosCallback(window, [](GLFWwindow*, double, double) { MarkInput(); });
  glfwSetWindowSizeCallback(window, [](GLFWwindow*, int, int) { MarkInput(); });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow*, int, int) { MarkInput(); });
  glfwSetWindowContentScaleCallback(window, [](GLFWwindow*, float, float) { MarkInput(); });
  glfwSetWindowIconifyCallback(window, [](GLFWwindow*, int) { MarkInput(); });
}

void NewPlatformFrame() {
  State& s = S();
  if (s.input_frames > 0) {
    ImGui_ImplGlfw_NewFrame();
    --s.input_frames;
  }
  // The backend's own clock would count the frames it did not run into the next one it runs.
  const double now = glfwGetTime();
  ImGui::GetIO().DeltaTime =
      s.last_frame_time > 0 ? static_cast<float>(std::max(now - s.last_frame_time, 1e-5)) : 1.0f / 60.0f;
  s.last_frame_time = now;
}

// A signature of everything a frame draws (vertices, indices, commands, the framebuffer's size):
// equal signatures draw equal pixels. FNV-1a over 64-bit words, ~1 ms for a dense frame.
uint64_t DrawSignature(const ImDrawData* dd, int w, int h) {
  uint64_t x = 1469598103934665603ull;
  auto mix = [&x](const void* p, size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t v;
      std::memcpy(&v, b + i, 8);
      x = (x ^ v) * 1099511628211ull;
    }
    for (; i < n; ++i) x = (x ^ b[i]) * 1099511628211ull;
  };
  mix(&w, sizeof w);
  mix(&h, sizeof h);
  if (!dd) return x;
  for (int l = 0; l < dd->CmdListsCount; ++l) {
    const ImDrawList* list = dd->CmdLists[l];
    mix(list->VtxBuffer.Data, static_cast<size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    mix(list->IdxBuffer.Data, static_cast<size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& c : list->CmdBuffer) {
      mix(&c.ClipRect, sizeof c.ClipRect);
      mix(&c.TextureId, sizeof c.TextureId);
      mix(&c.VtxOffset, sizeof c.VtxOffset);
      mix(&c.IdxOffset, sizeof c.IdxOffset);
      mix(&c.ElemCount, sizeof c.ElemCount);
    }
  }
  return x;
}
}  // namespace

void Run(std::function<bool()> frame) {
  // Draw a few frames after any event: ImGui settles layouts (auto-fit, hover) over 2-3 frames.
  int busy_frames = 3;
  while (!glfwWindowShouldClose(S().window) && !S().quit) {
    if (busy_frames > 0 || !QueueEmpty()) {
      glfwPollEvents();
    } else {
      double now = Now();
      if (S().wake_at < 0) glfwWaitEvents();  // idle: no frames until something happens
      else if (S().wake_at > now) glfwWaitEventsTimeout(S().wake_at - now);
      busy_frames = 3;
    }
    if (S().wake_at >= 0 && Now() >= S().wake_at) S().wake_at = -1;
    if (S().frame_begin) S().frame_begin();
    RunQueue();
    ImGui_ImplOpenGL3_NewFrame();
    NewPlatformFrame();
    ImGui::NewFrame();
    bool keep = frame();
    KeyTapsAfterFrame();
    ImGui::Render();
    // The framebuffer's size as the backend last read it (NewPlatformFrame: no round trip).
    const ImGuiIO& io = ImGui::GetIO();
    const int w = static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x + 0.5f);
    const int h = static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y + 0.5f);
    // A frame that draws exactly what the screen shows (the settling frames after an event, the
    // progress bar's wake-ups between steps) is not rendered again: under software GL (Xvfb's
    // llvmpipe, remote desktops) rendering a 1440x900 frame costs more CPU than building it, CPU
    // the worker's evaluation needs.
    const uint64_t sig = DrawSignature(ImGui::GetDrawData(), w, h);
    if (sig == S().last_signature && S().capture_path.empty()) {
      if (S().frame_end) S().frame_end(0);
      --busy_frames;
      if (!keep) {
        RunQueue();
        break;
      }
      continue;
    }
    S().last_signature = sig;
    const double render_from = S().frame_end ? ThreadCpuMs() : 0;
    glViewport(0, 0, w, h);
    ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (S().frame_end) S().frame_end(ThreadCpuMs() - render_from);
    if (!S().capture_path.empty()) Capture();
    glfwSwapBuffers(S().window);
    --busy_frames;
    if (!keep) {
      RunQueue();  // deliver a pending capture's callback
      break;
    }
  }
}

// RunOnThread's threads outlive Shutdown (a DNS lookup blocked until its timeout): they post
// their `done` only while `open`, under `mu`; both live on the heap and are never freed, so a
// thread that finishes while the process exits touches nothing destroyed.
struct DetachedGuard {
  std::mutex mu;
  bool open = true;
};
DetachedGuard* Detached() {
  static DetachedGuard* g = new DetachedGuard();
  return g;
}

void HideWindow() {
  if (S().window) glfwHideWindow(S().window);  // XUnmapWindow and a flush: gone before the teardown
}

void Shutdown() {
  {
    std::lock_guard<std::mutex> lock(Detached()->mu);
    Detached()->open = false;
  }
  if (S().worker.joinable()) {
    {
      std::lock_guard<std::mutex> lock(S().work_mu);
      S().stop_worker = true;
      S().work.clear();
    }
    S().work_cv.notify_all();
    S().worker.join();  // waits for a running evaluation to end
  }
  if (S().restore_size) {
    int w = 0, h = 0;
    glfwGetWindowSize(S().window, &w, &h);
    if (w > 0 && h > 0) SaveSetting("window", std::to_string(w) + " " + std::to_string(h) + "\n");
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(S().window);
  glfwTerminate();
  S().window = nullptr;
}

void Post(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(S().mu);
    S().queue.push_back(std::move(task));
  }
  glfwPostEmptyEvent();
}

void RunAsync(std::function<void()> work, std::function<void()> done) {
  if (!S().worker.joinable()) {
    S().worker = std::thread([] {
      for (;;) {
        std::pair<std::function<void()>, std::function<void()>> job;
        {
          std::unique_lock<std::mutex> lock(S().work_mu);
          S().work_cv.wait(lock, [] { return S().stop_worker || !S().work.empty(); });
          if (S().stop_worker) return;
          job = std::move(S().work.front());
          S().work.pop_front();
        }
        job.first();
        if (job.second) Post(std::move(job.second));
      }
    });
  }
  {
    std::lock_guard<std::mutex> lock(S().work_mu);
    S().work.emplace_back(std::move(work), std::move(done));
  }
  S().work_cv.notify_one();
}

void RunOnThread(std::function<void()> work, std::function<void()> done) {
  DetachedGuard* g = Detached();
  std::thread([g, work = std::move(work), done = std::move(done)]() mutable {
    work();
    std::lock_guard<std::mutex> lock(g->mu);
    if (g->open && done) Post(std::move(done));
  }).detach();
}

void WakeUpIn(double seconds) {
  double at = Now() + seconds;
  if (S().wake_at < 0 || at < S().wake_at) S().wake_at = at;
}

double ThreadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double ThreadKernelMs() {
  rusage ru{};
  getrusage(RUSAGE_THREAD, &ru);
  return static_cast<double>(ru.ru_stime.tv_sec) * 1e3 + static_cast<double>(ru.ru_stime.tv_usec) / 1e3;
}

void SetFrameHooks(std::function<void()> begin, std::function<void(double render_ms)> end) {
  S().frame_begin = std::move(begin);
  S().frame_end = std::move(end);
}

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - S().start).count();
}

void RequestQuit() { S().quit = true; }
bool CanQuit() { return true; }

void SetWindowTitle(const std::string& title) {
  if (S().window) glfwSetWindowTitle(S().window, title.c_str());
}

float ContentScale() {
  float x = 1, y = 1;
  if (S().window) glfwGetWindowContentScale(S().window, &x, &y);
  return x > 0 ? x : 1.0f;
}

std::optional<std::string> ReadFile(const std::string& path) {
  // One allocation of the file's size and read(2) into it: a stream copy through ostringstream
  // grew and copied the buffer again and again (0.5 s of the UI thread for a 30 MB file).
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  std::string text;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    // Room for edits: the first key typed into a 3.5 MB file otherwise reallocates and copies it
    // on the UI thread (15-35 ms); untouched capacity costs no resident memory.
    const size_t size = static_cast<size_t>(st.st_size);
    text.reserve(size + size / 8 + 4096);
    text.resize(size);
  }
  size_t have = 0;
  char more[64 * 1024];  // past the size fstat gave (a growing file, a pipe): append from here
  for (;;) {
    const bool full = have == text.size();
    ssize_t n = full ? ::read(fd, more, sizeof more) : ::read(fd, text.data() + have, text.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    if (full) text.append(more, static_cast<size_t>(n)), have = text.size();
    else have += static_cast<size_t>(n);
  }
  ::close(fd);
  text.resize(have);
  return text;
}

bool WriteFile(const std::string& path, std::string_view data) {
  std::error_code ec;
  fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) fs::create_directories(parent, ec);
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    if (!out) return false;
  }
  fs::rename(tmp, path, ec);
  return !ec;
}

void SaveAs(const std::string& path, const std::string&, std::string data,
            std::function<void(bool, std::string)> done) {
  bool ok = WriteFile(path, data);
  if (done) Post([done, ok, path] { done(ok, path); });
}

bool OpenFilePicker(std::function<void(std::vector<File>)>) { return false; }
bool HasFileSystem() { return true; }
bool FilePersists(const std::string&) { return true; }
bool FetchBeforeOpen(const std::vector<std::string>&, std::function<void(bool)>) { return false; }

void SetDropHandler(std::function<void(std::vector<File>)> handler) { S().drop_handler = std::move(handler); }

void SetClipboard(const std::string& text) {
  if (S().window) glfwSetClipboardString(S().window, text.c_str());
}

std::string GetClipboard() {
  const char* s = S().window ? glfwGetClipboardString(S().window) : nullptr;
  return s ? s : "";
}

std::optional<std::string> LoadSetting(const std::string& key) { return ReadFile(SettingsDir() + "/" + key); }

void SaveSetting(const std::string& key, std::string_view value) {
  if (!WriteFile(SettingsDir() + "/" + key, value))
    std::fprintf(stderr, "config-inspector: cannot save settings to %s/%s\n", SettingsDir().c_str(), key.c_str());
}

void SetSettingsDir(const std::string& dir) { S().settings_dir = dir; }

std::string FontPath(FontRole role) {
  // fonts-inter installs OpenType CFF files; older packagings shipped TrueType ones.
  static const char* kUi[] = {"/usr/share/fonts/opentype/inter/Inter-Regular.otf",
                              "/usr/share/fonts/truetype/inter/Inter-Regular.ttf",
                              "/usr/share/fonts/opentype/inter/Inter-Regular.ttf"};
  static const char* kUiBold[] = {"/usr/share/fonts/opentype/inter/Inter-SemiBold.otf",
                                  "/usr/share/fonts/truetype/inter/Inter-SemiBold.ttf",
                                  "/usr/share/fonts/opentype/inter/Inter-Bold.otf"};
  static const char* kMono[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"};
  static const char* kSym[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"};
  auto first = [](auto& list) -> std::string {
    for (const char* p : list)
      if (fs::exists(p)) return p;
    return {};
  };
  switch (role) {
    case FontRole::kUi: return first(kUi);
    case FontRole::kUiBold: return first(kUiBold);
    case FontRole::kMono: return first(kMono);
    case FontRole::kSymbols: return first(kSym);
  }
  return {};
}

void BuildFonts(ImFontAtlas* atlas) {
#ifdef CFGI_FREETYPE
  atlas->FontBuilderIO = ImGuiFreeType::GetBuilderForFreeType();
  atlas->FontBuilderFlags = ImGuiFreeTypeBuilderFlags_LightHinting;
#endif
  // Recreating the device objects rebuilds the atlas and uploads it (safe before the first frame).
  ImGui_ImplOpenGL3_DestroyDeviceObjects();
  ImGui_ImplOpenGL3_CreateDeviceObjects();
}

// The web page's hooks do not exist on the desktop.
void SetWebHooks(WebHooks) {}
bool CanCopyLink() { return false; }
void CopyLink() {}
bool BrowserOwnsTabShortcuts() { return false; }

void RequestCapture(const std::string& png_path, std::function<void(bool)> done) {
  S().capture_path = png_path;
  S().capture_done = std::move(done);
}

}  // namespace cfgi::platform
