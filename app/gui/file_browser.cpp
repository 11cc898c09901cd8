#include "app/gui/file_browser.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/platform/platform.h"
#include "core/doc/load.h"

namespace cfgi::gui {

namespace fs = std::filesystem;

namespace {

bool IsConfigName(const std::string& n) {
  static const char* kExt[] = {".yaml", ".yml", ".json", ".textproto", ".txtpb", ".pbtxt", ".zone", ".dig", ".txt"};
  for (const char* e : kExt) {
    size_t l = std::strlen(e);
    if (n.size() >= l && n.compare(n.size() - l, l, e) == 0) return true;
  }
  return false;
}

std::string HumanSize(uintmax_t s) {
  char buf[32];
  if (s < 1024) std::snprintf(buf, sizeof buf, "%ju B", s);
  else if (s < (1u << 20)) std::snprintf(buf, sizeof buf, "%.1f KB", s / 1024.0);
  else std::snprintf(buf, sizeof buf, "%.1f MB", s / 1048576.0);
  return buf;
}

}  // namespace

void FileBrowser::OpenForOpen(const std::string& dir, Done done) {
  save_ = false;
  done_ = std::move(done);
  name_buf_[0] = 0;
  List(dir.empty() ? fs::current_path().string() : dir);
  request_open_ = true;
}

void FileBrowser::OpenForSave(const std::string& dir, const std::string& file_name, Done done) {
  save_ = true;
  done_ = std::move(done);
  std::snprintf(name_buf_, sizeof name_buf_, "%s", file_name.c_str());
  List(dir.empty() ? fs::current_path().string() : dir);
  request_open_ = true;
}

// A scenario's title and engine (its `title` and `engine` keys), shown in the Open dialog's
// Title and Engine columns. Only `*.scenario.yaml` files under 1 MiB are read; anything that does
// not parse leaves both empty (the file is still listed and can be opened for its diagnostics).
void FileBrowser::ReadScenarioHeader(const std::string& path, Entry* e) {
  const std::string suffix = ".scenario.yaml";
  if (e->is_dir || e->size > (1u << 20) || e->name.size() <= suffix.size() ||
      e->name.compare(e->name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return;
  std::optional<std::string> text = platform::ReadFile(path);
  if (!text) return;
  doc::Document d = doc::LoadDocument(e->name, *text);
  const doc::Node* r = d.root();
  if (!r || !r->is_map()) return;
  e->title = r->GetString("title");
  e->engine = r->GetString("engine");
}

nlohmann::ordered_json FileBrowser::StateJson() const {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const Entry& e : entries_) {
    nlohmann::ordered_json row = {{"name", e.name}, {"dir", e.is_dir}};
    if (!e.title.empty()) row["title"] = e.title;
    if (!e.engine.empty()) row["engine"] = e.engine;
    rows.push_back(std::move(row));
  }
  return {{"open", open_ || request_open_}, {"dir", dir_}, {"entries", std::move(rows)}};
}

void FileBrowser::List(const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(dir), ec);
  if (ec || !fs::is_directory(p, ec)) {
    error_ = "not a directory: " + dir;
    return;
  }
  std::vector<Entry> entries;
  for (fs::directory_iterator it(p, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end; it.increment(ec)) {
    Entry e;
    e.name = it->path().filename().string();
    std::error_code ec2;
    e.is_dir = it->is_directory(ec2);
    if (!e.is_dir) e.size = it->file_size(ec2);
    e.config = !e.is_dir && IsConfigName(e.name);
    ReadScenarioHeader(it->path().string(), &e);
    entries.push_back(std::move(e));
  }
  if (ec) {
    error_ = "cannot list " + p.string() + ": " + ec.message();
    return;
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.is_dir != b.is_dir) return a.is_dir;
    return a.name < b.name;
  });
  error_.clear();
  dir_ = p.string();
  entries_ = std::move(entries);
  selected_.assign(entries_.size(), false);
  last_clicked_ = -1;
  std::snprintf(path_buf_, sizeof path_buf_, "%s", dir_.c_str());
}

void FileBrowser::Finish(std::vector<std::string> paths) {
  open_ = false;
  ImGui::CloseCurrentPopup();
  if (done_) {
    Done d = std::move(done_);
    done_ = nullptr;
    d(std::move(paths));
  }
}

void FileBrowser::Draw() {
  const char* title = save_ ? "Export result JSON###browser" : "Open files###browser";
  if (request_open_) {
    ImGui::OpenPopup(title);
    request_open_ = false;
    open_ = true;
  }
  ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize(ImVec2(vp->Size.x * 0.6f, vp->Size.y * 0.7f), ImGuiCond_Appearing);
  theme::CenterNextWindow();
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(14, 12));
  bool visible = ImGui::BeginPopupModal(title, &open_, ImGuiWindowFlags_NoCollapse);
  ImGui::PopStyleVar();
  if (!visible) {
    if (!open_ && done_) {  // closed with the title bar's ×
      Done d = std::move(done_);
      done_ = nullptr;
      d({});
    }
    return;
  }
  const theme::Palette& pal = theme::Pal();

  // Path bar: up, editable path.
  if (ImGui::Button(theme::kIconUp)) List(fs::path(dir_).parent_path().string());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Parent directory (Backspace)");
  ImGui::SameLine();
  if (ImGui::Button("Home")) {
    const char* h = std::getenv("HOME");
    List(h ? h : "/");
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputText("##path", path_buf_, sizeof path_buf_, ImGuiInputTextFlags_EnterReturnsTrue)) {
    std::error_code ec;
    if (fs::is_regular_file(path_buf_, ec)) {
      Finish({path_buf_});
      ImGui::EndPopup();
      return;
    }
    List(path_buf_);
  }
  if (!error_.empty()) ImGui::TextColored(pal.error, "%s %s", theme::kIconError, error_.c_str());

  const float footer = ImGui::GetFrameHeightWithSpacing() * (save_ ? 2.2f : 1.3f);
  ImGuiTableFlags tf = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                       ImGuiTableFlags_Resizable;
  std::vector<std::string> chosen;
  std::string enter_dir;
  if (ImGui::BeginTable("##entries", 4, tf, ImVec2(0, -footer))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("Title", ImGuiTableColumnFlags_WidthStretch, 1.4f);
    ImGui::TableSetupColumn("Engine", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5);
    ImGui::TableSetupColumn("Size", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5);
    ImGui::TableHeadersRow();
    std::vector<int> shown;
    for (size_t i = 0; i < entries_.size(); ++i) {
      const Entry& e = entries_[i];
      if (!show_hidden_ && !e.name.empty() && e.name[0] == '.') continue;
      if (only_configs_ && !e.is_dir && !e.config) continue;
      shown.push_back(static_cast<int>(i));
    }
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(shown.size()));
    while (clip.Step()) {
      for (int r = clip.DisplayStart; r < clip.DisplayEnd; ++r) {
        int i = shown[static_cast<size_t>(r)];
        const Entry& e = entries_[static_cast<size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        std::string label = std::string(e.is_dir ? theme::kIconFolder : theme::kIconFile) + "  " + e.name + (e.is_dir ? "/" : "");
        if (e.is_dir) ImGui::PushStyleColor(ImGuiCol_Text, pal.accent);
        bool clicked = ImGui::Selectable(label.c_str(), selected_[static_cast<size_t>(i)],
                                         ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick);
        if (e.is_dir) ImGui::PopStyleColor();
        if (clicked) {
          ImGuiIO& io = ImGui::GetIO();
          if (e.is_dir) {
            if (ImGui::IsMouseDoubleClicked(0) || io.NavActive) enter_dir = (fs::path(dir_) / e.name).string();
            else { selected_.assign(entries_.size(), false); selected_[static_cast<size_t>(i)] = true; }
          } else if (!save_ && io.KeyCtrl) {
            selected_[static_cast<size_t>(i)] = !selected_[static_cast<size_t>(i)];
          } else if (!save_ && io.KeyShift && last_clicked_ >= 0) {
            int a = std::min(last_clicked_, i), b = std::max(last_clicked_, i);
            for (int k = a; k <= b; ++k) selected_[static_cast<size_t>(k)] = !entries_[static_cast<size_t>(k)].is_dir;
          } else {
            selected_.assign(entries_.size(), false);
            selected_[static_cast<size_t>(i)] = true;
            if (save_) std::snprintf(name_buf_, sizeof name_buf_, "%s", e.name.c_str());
            if (ImGui::IsMouseDoubleClicked(0)) chosen.push_back((fs::path(dir_) / e.name).string());
          }
          last_clicked_ = i;
        }
        if (ImGui::IsItemHovered() && !e.title.empty()) ImGui::SetTooltip("%s\n%s", e.name.c_str(), e.title.c_str());
        ImGui::TableNextColumn();
        if (!e.title.empty()) ImGui::TextUnformatted(e.title.c_str());
        ImGui::TableNextColumn();
        if (!e.engine.empty()) theme::TextMuted("%s", e.engine.c_str());
        ImGui::TableNextColumn();
        if (!e.is_dir) theme::TextMuted("%s", HumanSize(e.size).c_str());
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }
  if (ImGui::IsWindowFocused(ImGuiFocusedFlags_ChildWindows) && !ImGui::GetIO().WantTextInput &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace)))
    enter_dir = fs::path(dir_).parent_path().string();

  if (save_) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("File name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##name", name_buf_, sizeof name_buf_, ImGuiInputTextFlags_EnterReturnsTrue) && name_buf_[0])
      chosen.push_back((fs::path(dir_) / name_buf_).string());
  }
  ImGui::Checkbox("Config files only", &only_configs_);
  ImGui::SameLine();
  ImGui::Checkbox("Hidden files", &show_hidden_);
  const float bw = ImGui::GetFontSize() * 6;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - bw * 2 - ImGui::GetStyle().ItemSpacing.x);
  if (ImGui::Button("Cancel", ImVec2(bw, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    Finish({});
    ImGui::EndPopup();
    return;
  }
  ImGui::SameLine();
  int n_sel = 0;
  for (size_t i = 0; i < entries_.size(); ++i) n_sel += selected_[i] && !entries_[i].is_dir;
  bool can = save_ ? name_buf_[0] != 0 : n_sel > 0;
  if (!can) ImGui::BeginDisabled();
  if (ImGui::Button(save_ ? "Export" : "Open", ImVec2(bw, 0))) {
    if (save_) {
      chosen.push_back((fs::path(dir_) / name_buf_).string());
    } else {
      for (size_t i = 0; i < entries_.size(); ++i)
        if (selected_[i] && !entries_[i].is_dir) chosen.push_back((fs::path(dir_) / entries_[i].name).string());
    }
  }
  if (!can) ImGui::EndDisabled();
  if (!chosen.empty()) {
    Finish(std::move(chosen));
  } else if (!enter_dir.empty()) {
    List(enter_dir);
  }
  ImGui::EndPopup();
}

}  // namespace cfgi::gui
