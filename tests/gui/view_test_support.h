// tests/gui/view_test_support.h: the fake shell the view tests draw in (views_test.cpp,
// policy_view_test.cpp): a sample opened as the app opens it, an ImGui frame without a window,
// a ViewContext that records what a view asks, and one frame of a view in the app's window.
#pragma once

#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "app/gui/jobs.h"
#include "app/gui/open_document.h"
#include "app/gui/views/view.h"

namespace cfgi::gui {

inline std::optional<std::string> ReadPath(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::unique_ptr<OpenDocument> OpenSample(const std::string& rel) {
  std::string path = std::string(CFGI_SOURCE_DIR) + "/" + rel;
  std::optional<std::string> text = ReadPath(path);
  EXPECT_TRUE(text) << path;
  return OpenDocument::Open({{path, text.value_or("")}}, ReadPath);
}

// Views may measure text in OnEvaluated (which glyphs the font has): give them a frame.
struct ImGuiFrame {
  ImGuiFrame() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini: a table's sort or widths never carry over between tests
    io.DisplaySize = ImVec2(1440, 900);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui::NewFrame();
  }
  ~ImGuiFrame() {
    ImGui::EndFrame();
    ImGui::DestroyContext();
  }
};

// What a view may ask of the shell, recorded: Run keeps the jobs for the test to run.
class FakeContext final : public ViewContext {
 public:
  explicit FakeContext(const OpenDocument& d) : d_(d) {}
  const OpenDocument& document() const override { return d_; }
  void SelectExplanation(const doc::Step* s) override { step_ = s; }
  const doc::Step* selected_explanation() const override { return step_; }
  void JumpTo(const std::string&, doc::SourceRange) override {}
  void Ask(Query) override {}
  void Run(Job job) override { jobs.push_back(std::move(job)); }
  bool dark_theme() const override { return true; }
  bool ReplaceText(const std::string&, std::string) override { return false; }
  std::vector<Job> jobs;
  // The jobs submitted so far whose key starts with `prefix`, oldest first.
  std::vector<Job*> JobsWithKey(const std::string& prefix) {
    std::vector<Job*> v;
    for (Job& j : jobs)
      if (j.key.rfind(prefix, 0) == 0) v.push_back(&j);
    return v;
  }

 private:
  const OpenDocument& d_;
  const doc::Step* step_ = nullptr;
};

// One frame of the view (inside an ImGuiFrame, which keeps a frame open).
inline void DrawInWindow(EngineView& view, ViewContext& ctx) {
  ImGui::Begin("##test");
  view.Draw(ctx);
  ImGui::End();
  ImGui::EndFrame();
  ImGui::NewFrame();
}

// A sample's document and its engine's view in the fake shell (inside an ImGuiFrame).
struct ViewOnSample {
  explicit ViewOnSample(const std::string& sample) : doc(OpenSample(sample)), view(CreateView(doc->engine().name())), ctx(*doc) {}
  std::unique_ptr<OpenDocument> doc;
  std::unique_ptr<EngineView> view;
  FakeContext ctx;
};

// Runs a job's work on another thread, as the worker does.
inline void RunOnWorker(Job& job, JobProgress& progress) {
  std::thread worker([&] { job.work(progress); });
  worker.join();
}

// One frame of the view in a window of the app's engine view at 1440x900 (a scrolling table
// below a window's bottom is not drawn at all, BeginTable).
inline void DrawInAppWindow(EngineView& view, ViewContext& ctx) {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(900, 760));
  DrawInWindow(view, ctx);
}

// `n` frames of the sample's view in the app's window.
inline void Frames(ViewOnSample& v, int n) {
  for (int i = 0; i < n; ++i) DrawInAppWindow(*v.view, v.ctx);
}

// The shell's profile selector (app_menu.cpp): the document's profile changes and the shell drops
// the Explanation's selection; the view gets no OnEvaluated (every profile was evaluated).
inline void SwitchProfile(ViewOnSample& v, const std::string& profile) {
  v.doc->set_profile(profile);
  ASSERT_EQ(v.doc->profile(), profile);
  v.ctx.SelectExplanation(nullptr);
}

// A user's click at `p` in the app's window, as ImGui sees one: the mouse moves there, is pressed
// and released, a frame or two each (ImGui reads the mouse when a frame starts).
inline void ClickAt(ViewOnSample& v, ImVec2 p) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = p;
  Frames(v, 2);
  io.MouseDown[0] = true;
  Frames(v, 2);
  io.MouseDown[0] = false;
  Frames(v, 2);
  io.MousePos = ImVec2(-1000, -1000);  // away, so no tooltip or hover stays
  Frames(v, 1);
}

// The table `id` of the view as last drawn (DumpState "tables", TableRoom), or null.
inline nlohmann::ordered_json DrawnTable(const EngineView& view, const std::string& id) {
  const nlohmann::ordered_json state = view.DumpState();
  for (const auto& t : state["tables"])
    if (t["id"] == id) return t;
  return nullptr;
}

// A click on one-line row `row` (in the order shown) of the view's table `id`, in its column
// `column` (the first by default): where the table's body and columns were last drawn.
inline void ClickRow(ViewOnSample& v, const std::string& id, int row, int column = 0) {
  const nlohmann::ordered_json t = DrawnTable(*v.view, id);
  ASSERT_TRUE(t.is_object()) << "no table " << id << " drawn: " << v.view->DumpState()["tables"].dump();
  const auto& b = t["body"];
  const float y = b["y"].get<float>() + (static_cast<float>(row) + 0.5f) * b["row"].get<float>();
  ASSERT_LT(y, b["bottom"].get<float>()) << "row " << row << " of " << id << " is not in view";
  const float x = column == 0 ? b["x"].get<float>() : t["columns"][static_cast<size_t>(column)]["x"].get<float>();
  ClickAt(v, ImVec2(x, y));
}

inline std::string Shown(const FakeContext& ctx) { return ctx.selected_explanation() ? ctx.selected_explanation()->what : "(none)"; }

}  // namespace cfgi::gui
