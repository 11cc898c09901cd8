#include "app/gui/theme.h"

#include "core/doc/explanation.h"

#include <imgui_internal.h>

#include <cctype>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "app/platform/platform.h"

namespace cfgi::gui::theme {

namespace {

Palette g_pal;
bool g_dark = true;
Fonts g_fonts;

ImVec4 Hex(unsigned rgb, float a = 1.0f) {
  return ImVec4(((rgb >> 16) & 0xFF) / 255.0f, ((rgb >> 8) & 0xFF) / 255.0f, (rgb & 0xFF) / 255.0f, a);
}

void DarkColors(ImVec4* c) {
  const ImVec4 bg = Hex(0x1B1D21), panel = Hex(0x212328), raised = Hex(0x2A2D33), border = Hex(0x33363D);
  const ImVec4 accent = Hex(0x4C8DDB), text = Hex(0xDADDE3);
  c[ImGuiCol_Text] = text;
  c[ImGuiCol_TextDisabled] = Hex(0x7D828C);
  c[ImGuiCol_WindowBg] = bg;
  c[ImGuiCol_ChildBg] = panel;
  c[ImGuiCol_PopupBg] = Hex(0x262930);
  c[ImGuiCol_Border] = border;
  c[ImGuiCol_BorderShadow] = Hex(0, 0);
  c[ImGuiCol_FrameBg] = Hex(0x2C2F36);
  c[ImGuiCol_FrameBgHovered] = Hex(0x353943);
  c[ImGuiCol_FrameBgActive] = Hex(0x3B404B);
  c[ImGuiCol_TitleBg] = bg;
  c[ImGuiCol_TitleBgActive] = raised;
  c[ImGuiCol_TitleBgCollapsed] = bg;
  c[ImGuiCol_MenuBarBg] = Hex(0x17191C);
  c[ImGuiCol_ScrollbarBg] = Hex(0, 0);
  c[ImGuiCol_ScrollbarGrab] = Hex(0x3C4049);
  c[ImGuiCol_ScrollbarGrabHovered] = Hex(0x4A4F5A);
  c[ImGuiCol_ScrollbarGrabActive] = Hex(0x565C69);
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_SliderGrabActive] = Hex(0x6BA4E8);
  c[ImGuiCol_Button] = Hex(0x30343C);
  c[ImGuiCol_ButtonHovered] = Hex(0x3A3F49);
  c[ImGuiCol_ButtonActive] = Hex(0x454B57);
  c[ImGuiCol_Header] = Hex(0x2F4C70);
  c[ImGuiCol_HeaderHovered] = Hex(0x2C3440);
  c[ImGuiCol_HeaderActive] = Hex(0x35598A);
  c[ImGuiCol_Separator] = border;
  c[ImGuiCol_SeparatorHovered] = accent;
  c[ImGuiCol_SeparatorActive] = accent;
  c[ImGuiCol_ResizeGrip] = Hex(0, 0);
  c[ImGuiCol_ResizeGripHovered] = accent;
  c[ImGuiCol_ResizeGripActive] = accent;
  c[ImGuiCol_Tab] = panel;
  c[ImGuiCol_TabHovered] = Hex(0x30353E);
  c[ImGuiCol_TabActive] = Hex(0x2B3038);
  c[ImGuiCol_TabUnfocused] = panel;
  c[ImGuiCol_TabUnfocusedActive] = Hex(0x2B3038);
  c[ImGuiCol_PlotLines] = accent;
  c[ImGuiCol_PlotLinesHovered] = Hex(0x6BA4E8);
  c[ImGuiCol_PlotHistogram] = accent;
  c[ImGuiCol_PlotHistogramHovered] = Hex(0x6BA4E8);
  c[ImGuiCol_TableHeaderBg] = Hex(0x262930);
  c[ImGuiCol_TableBorderStrong] = border;
  c[ImGuiCol_TableBorderLight] = Hex(0x2B2E34);
  c[ImGuiCol_TableRowBg] = Hex(0, 0);
  c[ImGuiCol_TableRowBgAlt] = Hex(0xFFFFFF, 0.025f);
  c[ImGuiCol_TextSelectedBg] = Hex(0x3D6AA3, 0.55f);
  c[ImGuiCol_DragDropTarget] = accent;
  c[ImGuiCol_NavHighlight] = accent;
  c[ImGuiCol_NavWindowingHighlight] = Hex(0xFFFFFF, 0.7f);
  c[ImGuiCol_NavWindowingDimBg] = Hex(0x000000, 0.35f);
  c[ImGuiCol_ModalWindowDimBg] = Hex(0x000000, 0.45f);

  g_pal.text = text;
  g_pal.muted = Hex(0x8A8F99);
  g_pal.accent = accent;
  g_pal.accent_soft = Hex(0x4C8DDB, 0.28f);
  g_pal.error = Hex(0xF0616D);
  g_pal.warning = Hex(0xE5B94E);
  g_pal.note = Hex(0x6CB2EB);
  g_pal.ok = Hex(0x5CC98A);
  g_pal.skipped = Hex(0x9A8FD6);
  g_pal.panel_header = Hex(0x1E2024);
  g_pal.gutter_text = Hex(0x5D626C);
  g_pal.highlight = Hex(0xE5B94E, 0.22f);
  g_pal.current_line = Hex(0xFFFFFF, 0.035f);
}

void LightColors(ImVec4* c) {
  const ImVec4 bg = Hex(0xECEEF1), panel = Hex(0xFAFAFB), border = Hex(0xD3D7DE);
  const ImVec4 accent = Hex(0x2F6FC4), text = Hex(0x1F2329);
  c[ImGuiCol_Text] = text;
  c[ImGuiCol_TextDisabled] = Hex(0x8B9099);
  c[ImGuiCol_WindowBg] = bg;
  c[ImGuiCol_ChildBg] = panel;
  c[ImGuiCol_PopupBg] = Hex(0xFFFFFF);
  c[ImGuiCol_Border] = border;
  c[ImGuiCol_BorderShadow] = Hex(0, 0);
  c[ImGuiCol_FrameBg] = Hex(0xFFFFFF);
  c[ImGuiCol_FrameBgHovered] = Hex(0xF1F4F8);
  c[ImGuiCol_FrameBgActive] = Hex(0xE6ECF4);
  c[ImGuiCol_TitleBg] = bg;
  c[ImGuiCol_TitleBgActive] = Hex(0xDDE1E7);
  c[ImGuiCol_TitleBgCollapsed] = bg;
  c[ImGuiCol_MenuBarBg] = Hex(0xE2E5EA);
  c[ImGuiCol_ScrollbarBg] = Hex(0, 0);
  c[ImGuiCol_ScrollbarGrab] = Hex(0xC4C9D1);
  c[ImGuiCol_ScrollbarGrabHovered] = Hex(0xAEB4BE);
  c[ImGuiCol_ScrollbarGrabActive] = Hex(0x9AA1AD);
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_SliderGrabActive] = Hex(0x245AA3);
  c[ImGuiCol_Button] = Hex(0xE3E6EB);
  c[ImGuiCol_ButtonHovered] = Hex(0xD6DBE3);
  c[ImGuiCol_ButtonActive] = Hex(0xC8CED8);
  c[ImGuiCol_Header] = Hex(0xCFE0F5);
  c[ImGuiCol_HeaderHovered] = Hex(0xE4ECF7);
  c[ImGuiCol_HeaderActive] = Hex(0xBCD3F0);
  c[ImGuiCol_Separator] = border;
  c[ImGuiCol_SeparatorHovered] = accent;
  c[ImGuiCol_SeparatorActive] = accent;
  c[ImGuiCol_ResizeGrip] = Hex(0, 0);
  c[ImGuiCol_ResizeGripHovered] = accent;
  c[ImGuiCol_ResizeGripActive] = accent;
  // The selected tab carries the selection tint (as a selected row does), the others sit flat on
  // the panel: grey unselected tabs on a white panel read as pressed, the selected one as absent.
  c[ImGuiCol_Tab] = Hex(0xEEF0F3);
  c[ImGuiCol_TabHovered] = Hex(0xE4ECF7);
  c[ImGuiCol_TabActive] = Hex(0xCFE0F5);
  c[ImGuiCol_TabUnfocused] = Hex(0xEEF0F3);
  c[ImGuiCol_TabUnfocusedActive] = Hex(0xDCE6F3);
  c[ImGuiCol_PlotLines] = accent;
  c[ImGuiCol_PlotLinesHovered] = Hex(0x245AA3);
  c[ImGuiCol_PlotHistogram] = accent;
  c[ImGuiCol_PlotHistogramHovered] = Hex(0x245AA3);
  c[ImGuiCol_TableHeaderBg] = Hex(0xEEF0F3);
  c[ImGuiCol_TableBorderStrong] = border;
  c[ImGuiCol_TableBorderLight] = Hex(0xE4E7EB);
  c[ImGuiCol_TableRowBg] = Hex(0, 0);
  c[ImGuiCol_TableRowBgAlt] = Hex(0x000000, 0.025f);
  c[ImGuiCol_TextSelectedBg] = Hex(0x2F6FC4, 0.25f);
  c[ImGuiCol_DragDropTarget] = accent;
  c[ImGuiCol_NavHighlight] = accent;
  c[ImGuiCol_NavWindowingHighlight] = Hex(0x000000, 0.5f);
  c[ImGuiCol_NavWindowingDimBg] = Hex(0x000000, 0.2f);
  c[ImGuiCol_ModalWindowDimBg] = Hex(0x000000, 0.25f);

  g_pal.text = text;
  g_pal.muted = Hex(0x6B717C);
  g_pal.accent = accent;
  g_pal.accent_soft = Hex(0x2F6FC4, 0.18f);
  g_pal.error = Hex(0xC8303E);
  g_pal.warning = Hex(0xA86F00);
  g_pal.note = Hex(0x2A73B8);
  g_pal.ok = Hex(0x1E8A4F);
  g_pal.skipped = Hex(0x6B5BB8);
  g_pal.panel_header = Hex(0xE4E7EC);
  g_pal.gutter_text = Hex(0xA3A8B1);
  g_pal.highlight = Hex(0xF2C94C, 0.35f);
  g_pal.current_line = Hex(0x000000, 0.03f);
}

}  // namespace

const Palette& Pal() { return g_pal; }
bool IsDark() { return g_dark; }

void Apply(bool dark, float scale) {
  g_dark = dark;
  ImGuiStyle style;
  style.WindowPadding = ImVec2(10, 8);
  style.FramePadding = ImVec2(8, 4);
  style.CellPadding = ImVec2(6, 3);
  style.ItemSpacing = ImVec2(8, 5);
  style.ItemInnerSpacing = ImVec2(6, 4);
  style.IndentSpacing = 16;
  style.ScrollbarSize = 12;
  style.GrabMinSize = 10;
  style.WindowBorderSize = 0;
  style.ChildBorderSize = 0;
  style.PopupBorderSize = 1;
  style.FrameBorderSize = 0;
  style.TabBorderSize = 0;
  style.WindowRounding = 4;
  style.ChildRounding = 0;
  style.FrameRounding = 3;
  style.PopupRounding = 4;
  style.ScrollbarRounding = 6;
  style.GrabRounding = 3;
  style.TabRounding = 3;
  style.WindowMenuButtonPosition = ImGuiDir_None;
  style.SelectableTextAlign = ImVec2(0, 0.5f);
  if (dark) DarkColors(style.Colors);
  else LightColors(style.Colors);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

const Fonts& GetFonts() { return g_fonts; }

namespace {
// Each font file's bytes, read once per process and shared by every font made from it: the
// symbols file is merged into all four fonts and every scale change builds them again, and each
// AddFontFromFileTTF read its file anew (4.2 MB read at start, 1.6 MB now; in the browser the
// reads were 36 ms of main()'s 384 ms in a profiled load, 7 Dec). The atlas does not own them
// (FontDataOwnedByAtlas false), so they live here for the program's lifetime. nullptr: no file.
const std::string* FontBytes(const std::string& path) {
  static std::map<std::string, std::optional<std::string>> cache;
  auto it = cache.find(path);
  if (it == cache.end()) it = cache.emplace(path, path.empty() ? std::nullopt : platform::ReadFile(path)).first;
  return it->second && !it->second->empty() ? &*it->second : nullptr;
}

ImFont* AddFont(ImFontAtlas* atlas, const std::string& path, float size, ImFontConfig cfg, const ImWchar* ranges) {
  const std::string* bytes = FontBytes(path);
  if (!bytes) return nullptr;
  cfg.FontDataOwnedByAtlas = false;
  return atlas->AddFontFromMemoryTTF(const_cast<char*>(bytes->data()), static_cast<int>(bytes->size()), size, &cfg, ranges);
}
}  // namespace

void LoadFonts(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float ui_size = 15.0f * scale, mono_size = 14.0f * scale, small_size = 12.5f * scale;
  // The Latin / Latin-1 / punctuation text, then the symbols: the UI fonts (ui, bold, small) get
  // only those the program draws (marks next to colours ⚠ ✓ ✗ ● ↷ ⇄, the constraints' ∧ ∨ ⊤ ∈,
  // the folds ▸ ▾ ▴, the maximise □ ❐; scripts/check-glyphs.py, ctest check_glyphs, fails when a
  // string holds one left out here). The mono font, which shows the user's files, keeps the whole
  // arrows, mathematical, box, geometric, miscellaneous and dingbat blocks: rasterising those
  // ~1,070 glyphs in all four fonts was most of the font atlas's time, and the atlas most of
  // the web app's first frame (stb_truetype there: 145 ms of main()'s 364 ms in Chromium).
  static const ImWchar kText[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x2010, 0x205E, 0};
  static const ImWchar kUiSymbols[] = {0x2022, 0x2022, 0x2026, 0x2026, 0x2139, 0x2139, 0x2190, 0x2193, 0x21B7, 0x21B7,
                                       0x21C4, 0x21C4, 0x2208, 0x2208, 0x2227, 0x2228, 0x2261, 0x2261, 0x22A4, 0x22A4,
                                       0x25A1, 0x25A1, 0x25B4, 0x25B4, 0x25B8, 0x25B8, 0x25BE, 0x25BE, 0x25CF, 0x25CF,
                                       0x26A0, 0x26A0, 0x2713, 0x2713, 0x2716, 0x2717, 0x2750, 0x2750, 0};
  static const ImWchar kSymbols[] = {0x2022, 0x2022, 0x2026, 0x2026, 0x2139, 0x2139, 0x2190, 0x21FF, 0x2200, 0x22FF,
                                     0x2500, 0x25FF, 0x2600, 0x26FF, 0x2700, 0x27BF, 0};
  const std::string ui = platform::FontPath(platform::FontRole::kUi);
  const std::string bold = platform::FontPath(platform::FontRole::kUiBold);
  const std::string mono = platform::FontPath(platform::FontRole::kMono);
  const std::string sym = platform::FontPath(platform::FontRole::kSymbols);

  auto add = [&](const std::string& path, float size, const ImWchar* symbols) -> ImFont* {
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    cfg.OversampleV = 1;
    ImFont* f = nullptr;
    f = AddFont(io.Fonts, path, size, cfg, kText);
    if (!f) {
      ImFontConfig d;
      d.SizePixels = size;
      f = io.Fonts->AddFontDefault(&d);
    }
    ImFontConfig m;
    m.MergeMode = true;
    m.OversampleH = 2;
    m.GlyphOffset = ImVec2(0, 0);
    AddFont(io.Fonts, sym, size * 0.95f, m, symbols);
    return f;
  };
  g_fonts.ui = add(ui, ui_size, kUiSymbols);
  g_fonts.bold = add(bold.empty() ? ui : bold, ui_size, kUiSymbols);
  g_fonts.mono = add(mono, mono_size, kSymbols);
  g_fonts.small = add(ui, small_size, kUiSymbols);
  io.FontDefault = g_fonts.ui;
  platform::BuildFonts(io.Fonts);
}

ImVec4 SeverityColor(doc::Severity s) {
  switch (s) {
    case doc::Severity::kError: return g_pal.error;
    case doc::Severity::kWarning: return g_pal.warning;
    case doc::Severity::kNote: return g_pal.note;
  }
  return g_pal.text;
}

const char* SeverityIcon(doc::Severity s) {
  switch (s) {
    case doc::Severity::kError: return kIconError;
    case doc::Severity::kWarning: return kIconWarning;
    case doc::Severity::kNote: return kIconNote;
  }
  return kIconInfo;
}

ImVec4 OutcomeColor(doc::Outcome o) {
  switch (o) {
    case doc::Outcome::kMatched: return g_pal.ok;
    case doc::Outcome::kNoMatch: return g_pal.muted;
    case doc::Outcome::kError: return g_pal.error;
    case doc::Outcome::kSkipped: return g_pal.skipped;
    case doc::Outcome::kInfo: return g_pal.note;
  }
  return g_pal.text;
}

const char* OutcomeIcon(doc::Outcome o) {
  switch (o) {
    case doc::Outcome::kMatched: return kIconOk;
    case doc::Outcome::kNoMatch: return kIconNoMatch;
    case doc::Outcome::kError: return kIconError;
    case doc::Outcome::kSkipped: return kIconSkipped;
    case doc::Outcome::kInfo: return kIconInfo;
  }
  return kIconInfo;
}

bool PanelHeader(const char* title, const char* extra, const char* fold_icon, const char* fold_tip) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetFrameHeight();
  const float w = ImGui::GetContentRegionAvail().x;
  ImVec2 wp = ImGui::GetWindowPos();
  float left = wp.x, right = wp.x + ImGui::GetWindowWidth();
  dl->AddRectFilled(ImVec2(left, p.y), ImVec2(right, p.y + h), ImGui::GetColorU32(g_pal.panel_header));
  dl->AddLine(ImVec2(left, p.y + h - 1), ImVec2(right, p.y + h - 1), ImGui::GetColorU32(ImGuiCol_Border));
  ImGui::PushFont(g_fonts.small);
  float th = ImGui::GetTextLineHeight();
  ImGui::SetCursorScreenPos(ImVec2(left + ImGui::GetStyle().WindowPadding.x, p.y + (h - th) * 0.5f));
  ImGui::PushStyleColor(ImGuiCol_Text, g_pal.muted);
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  if (extra && *extra) {
    ImGui::SameLine(0, ImGui::GetFontSize() * 0.6f);
    ImGui::PushStyleColor(ImGuiCol_Text, g_pal.text);
    ImGui::TextUnformatted(extra);
    ImGui::PopStyleColor();
  }
  bool clicked = false;
  if (fold_icon) {
    const float bw = ImGui::CalcTextSize(fold_icon).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetCursorScreenPos(ImVec2(right - bw - ImGui::GetStyle().WindowPadding.x * 0.5f, p.y + (h - th) * 0.5f - 1));
    ImGui::PushID(title);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
    ImGui::PushStyleColor(ImGuiCol_Text, g_pal.muted);
    clicked = ImGui::SmallButton(fold_icon);
    ImGui::PopStyleColor(2);
    if (fold_tip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", fold_tip);
    ImGui::PopID();
  }
  ImGui::PopFont();
  (void)w;
  ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + h + ImGui::GetStyle().ItemSpacing.y));
  return clicked;
}

void CountBadge(const char* icon, int n, const ImVec4& color) {
  if (n <= 0) return;
  ImGui::TextColored(color, "%s %d", icon, n);
}

void TextMuted(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::PushStyleColor(ImGuiCol_Text, g_pal.muted);
  ImGui::TextV(fmt, args);
  ImGui::PopStyleColor();
  va_end(args);
}

void CenterNextWindow() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
}

void CellText(const std::string& text, const ImVec4* color) {
  const float room = ImGui::GetContentRegionAvail().x;
  if (color) ImGui::PushStyleColor(ImGuiCol_Text, *color);
  ImGui::TextUnformatted(text.c_str());
  if (color) ImGui::PopStyleColor();
  TooltipIfClipped(text.c_str(), room);
}

std::string ElideFront(std::string_view text, float width, const std::function<float(std::string_view)>& measure) {
  if (measure(text) <= width) return std::string(text);
  static constexpr std::string_view kEllipsis = "\u2026";
  size_t from = 0;
  while (from < text.size()) {
    ++from;
    while (from < text.size() && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80) ++from;  // whole UTF-8
    if (measure(std::string(kEllipsis) + std::string(text.substr(from))) <= width) break;
  }
  return std::string(kEllipsis) + std::string(text.substr(from));
}

std::vector<std::string_view> WrapAtBreaks(std::string_view text, float width,
                                           const std::function<float(std::string_view)>& measure) {
  std::vector<std::string_view> lines;
  auto can_break_before = [&](size_t i) {
    const char p = text[i - 1], c = text[i];
    if (p == ' ') return c != ' ';
    if (c == '(') return p == ')' || p == '&' || p == '|' || p == '!';
    // A C++ or XML scope ("storage::IBackend") breaks after its "::", never between the colons.
    // A DNS name ("ipv4-config.resolver-tests.grpctestingexp.") breaks after a dot before a
    // letter (never inside a number such as 1.5).
    if (p == '.') return std::isalpha(static_cast<unsigned char>(c)) != 0;
    // An identifier (a DS instance "serviceB_config_shared~instance1") after an underscore and
    // before a tilde.
    if (c == '~') return true;
    return p == '/' || p == ',' || p == ';' || p == '_' || (p == ':' && c != ':');
  };
  auto trimmed_end = [&](size_t from, size_t end) {
    while (end > from && text[end - 1] == ' ') --end;
    return end;
  };
  size_t para = 0;
  while (true) {
    const size_t nl = text.find('\n', para);
    const size_t para_end = nl == std::string_view::npos ? text.size() : nl;
    size_t start = para;
    do {
      if (measure(text.substr(start, para_end - start)) <= width) {
        lines.push_back(text.substr(start, para_end - start));
        break;
      }
      // The last break that keeps the line within `width` (trailing spaces do not count).
      size_t cut = 0;
      for (size_t i = start + 1; i < para_end; ++i) {
        if (!can_break_before(i)) continue;
        if (measure(text.substr(start, trimmed_end(start, i) - start)) > width) break;
        cut = i;
      }
      if (cut == 0) {
        // No break fits: as many characters as fit (at least one; UTF-8 sequences kept whole).
        auto next_char = [&](size_t i) {
          ++i;
          while (i < para_end && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
          return i;
        };
        cut = next_char(start);
        while (cut < para_end && measure(text.substr(start, next_char(cut) - start)) <= width) cut = next_char(cut);
      }
      lines.push_back(text.substr(start, trimmed_end(start, cut) - start));
      start = cut;
    } while (start < para_end);
    if (nl == std::string_view::npos) break;
    para = nl + 1;
  }
  return lines;
}

void TextWrappedAtBreaks(std::string_view text, const ImVec4* color) {
  const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize());
  if (color) ImGui::PushStyleColor(ImGuiCol_Text, *color);
  const std::vector<std::string_view> lines = WrapAtBreaks(text, width, [](std::string_view s) {
    return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
  });
  // One paragraph: the lines as close as ImGui's own wrapped text sets them.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i + 1 == lines.size()) ImGui::PopStyleVar();
    ImGui::TextUnformatted(lines[i].data(), lines[i].data() + lines[i].size());
  }
  if (lines.empty()) ImGui::PopStyleVar();
  if (color) ImGui::PopStyleColor();
}

void TooltipIfClipped(const char* label, float room) {
  if (!ImGui::IsItemHovered() || ImGui::CalcTextSize(label, nullptr, true).x <= room) return;
  const char* id = std::strstr(label, "##");
  ImGui::SetTooltip("%.*s", static_cast<int>(id ? id - label : std::strlen(label)), label);
}

bool BeginTableMinWidth(const char* id, int columns, ImGuiTableFlags flags, float min_width_em, const ImVec2& outer_size) {
  const float min_w = ImGui::GetFontSize() * min_width_em;
  if (ImGui::GetContentRegionAvail().x >= min_w) return ImGui::BeginTable(id, columns, flags, outer_size);
  return ImGui::BeginTable(id, columns, flags | ImGuiTableFlags_ScrollX, outer_size, min_w);
}

namespace {
// The width a header needs: its label (up to "##") and, when the table sorts, the sort arrow
// (imgui_tables.cpp TableHeader: ARROW_SCALE 0.65 of the font size and the frame padding).
float HeaderWidth(const char* name, bool sortable) {
  float w = ImGui::CalcTextSize(name, nullptr, true).x;
  if (sortable) w += ImGui::GetFontSize() * 0.65f + ImGui::GetStyle().FramePadding.x;
  return w;
}
}  // namespace

std::vector<ColumnWidth> TableColumnWidths() {
  std::vector<ColumnWidth> out;
  const ImGuiTable* t = ImGui::GetCurrentTable();
  if (!t) return out;
  const bool sortable = (t->Flags & ImGuiTableFlags_Sortable) != 0;
  for (int i = 0; i < t->ColumnsCount; ++i) {
    const ImGuiTableColumn& c = t->Columns[i];
    if (!c.IsEnabled) continue;
    const char* name = ImGui::TableGetColumnName(i);
    out.push_back({name ? name : "", c.WidthGiven, HeaderWidth(name ? name : "", sortable && !(c.Flags & ImGuiTableColumnFlags_NoSort)),
                   (c.MinX + c.MaxX) / 2});
  }
  return out;
}

bool TableCopyMenu(const doc::Step* selected) {
  const ImGuiID id = ImGui::GetID("##copy-as-text");
  if (ImGui::TableGetHoveredColumn() >= 0 && ImGui::IsMouseReleased(ImGuiMouseButton_Right)) ImGui::OpenPopup(id);
  bool chosen = false;
  if (ImGui::BeginPopupEx(id, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings)) {
    chosen = ImGui::MenuItem("Copy as text");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The rows as the table shows them, tab-separated");
    if (ImGui::MenuItem("Copy the selected row as text", nullptr, false, selected != nullptr))
      ImGui::SetClipboardText(selected->ToText().c_str());
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(selected ? "Its answer and why, as `config-inspector-cli eval --explain` prints them"
                                 : "Select a row first");
    ImGui::EndPopup();
  }
  return chosen;
}

std::string TableText(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::string out;
  auto line = [&out](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i) out += '\t';
      for (char c : cells[i]) out += c == '\t' || c == '\n' ? ' ' : c;
    }
    out += '\n';
  };
  line(header);
  for (const auto& r : rows) line(r);
  return out;
}

void TableSortBy(int column, bool descending) {
  ImGui::TableSetColumnSortDirection(column, descending ? ImGuiSortDirection_Descending : ImGuiSortDirection_Ascending, false);
}

bool BeginTableFit(const char* id, const std::vector<FitColumn>& columns, ImGuiTableFlags flags, const ImVec2& outer_size,
                   float min_width_em) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const bool sortable = (flags & ImGuiTableFlags_Sortable) != 0;
  const float pad = st.CellPadding.x * 2 + 1;  // each column's padding and border
  float fixed = 0, weights = 0, per_weight = 0;
  for (const FitColumn& c : columns) {
    if (c.folded) continue;
    const float header = HeaderWidth(c.name, sortable && !(c.flags & ImGuiTableColumnFlags_NoSort));
    if (c.flags & ImGuiTableColumnFlags_WidthFixed) {
      fixed += std::max(c.size, header) + pad;
    } else {
      weights += c.size;
      per_weight = std::max(per_weight, (header + pad) / c.size);
    }
  }
  const float min_w = std::max(fixed + per_weight * weights + st.ScrollbarSize, ImGui::GetFontSize() * min_width_em);
  bool open;
  if (ImGui::GetContentRegionAvail().x >= min_w) open = ImGui::BeginTable(id, static_cast<int>(columns.size()), flags, outer_size);
  else open = ImGui::BeginTable(id, static_cast<int>(columns.size()), flags | ImGuiTableFlags_ScrollX, outer_size, min_w);
  if (!open) return false;
  for (const FitColumn& c : columns) {
    if (c.flags & ImGuiTableColumnFlags_WidthFixed) {
      const float header = HeaderWidth(c.name, sortable && !(c.flags & ImGuiTableColumnFlags_NoSort));
      ImGui::TableSetupColumn(c.name, c.flags, c.size > 0 ? std::max(c.size, header) : 0);
    } else {
      ImGui::TableSetupColumn(c.name, c.flags | ImGuiTableColumnFlags_WidthStretch, c.size);
    }
  }
  return true;
}

BodyPlace TableBody() {
  BodyPlace b;
  const ImGuiTable* t = ImGui::GetCurrentTable();
  if (!t) return b;
  b.row = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  // The header row (the first row, LastFirstRowHeight) stays on top when frozen; the body scrolls
  // in the table's own window.
  const float header = t->IsUsingHeaders ? t->LastFirstRowHeight : 0;
  const float scroll = t->InnerWindow != t->OuterWindow ? t->InnerWindow->Scroll.y : 0;
  b.x = t->InnerClipRect.Min.x + ImGui::GetStyle().CellPadding.x + 2;
  b.y = t->WorkRect.Min.y + header - scroll;
  b.bottom = t->InnerClipRect.Max.y;
  return b;
}

float TableRoomRows() {
  const ImGuiTable* t = ImGui::GetCurrentTable();
  if (!t) return 0;
  // InnerClipRect: for a scrolling table its child window's visible rect; else from the table's
  // top to the host window's clip bottom (imgui_tables.cpp BeginTableEx), both clipped by the host.
  const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const float body = t->InnerClipRect.GetHeight() - row_h;
  return body > 0 ? body / row_h : 0;
}

bool BeginCenteredModal(const char* title, bool* request, ImGuiWindowFlags flags) {
  if (*request) {
    ImGui::OpenPopup(title);
    *request = false;
  }
  CenterNextWindow();
  bool open = true;  // the title bar's close button closes the popup itself
  return ImGui::BeginPopupModal(title, &open, flags);
}

}  // namespace cfgi::gui::theme
