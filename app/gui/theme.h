// app/gui/theme.h: the app's look: dark and light styles, the palette views share (severities,
// outcomes, accents), the fonts (Inter for the UI, DejaVu Sans Mono for sources, DejaVu Sans for
// symbols) and the symbols that go with every colour, so colour is never the only signal.
//
//   theme::Apply(/*dark=*/true, scale);
//   ImGui::TextColored(theme::Pal().error, "%s error", theme::kIconError);
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <vector>

#include <imgui.h>

#include "core/doc/diagnostic.h"
#include "core/doc/explanation.h"

namespace cfgi::doc {
struct Step;
}  // namespace cfgi::doc

namespace cfgi::gui::theme {

// Symbols (UTF-8), merged into both fonts from DejaVu Sans.
inline constexpr const char* kIconError = "\xE2\x9C\x96";     // ✖
inline constexpr const char* kIconWarning = "\xE2\x9A\xA0";   // ⚠
inline constexpr const char* kIconNote = "\xE2\x84\xB9";      // ℹ
inline constexpr const char* kIconOk = "\xE2\x9C\x93";        // ✓
inline constexpr const char* kIconNoMatch = "\xE2\x9C\x97";   // ✗
inline constexpr const char* kIconSkipped = "\xE2\x86\xB7";   // ↷
inline constexpr const char* kIconInfo = "\xE2\x80\xA2";      // •
inline constexpr const char* kIconDirty = "\xE2\x97\x8F";     // ●
inline constexpr const char* kIconDiverge = "\xE2\x87\x84";   // ⇄
inline constexpr const char* kIconFolder = "\xE2\x96\xB8";    // ▸
inline constexpr const char* kIconFile = "\xE2\x89\xA1";      // ≡
inline constexpr const char* kIconUp = "\xE2\x86\x91";        // ↑

struct Palette {
  ImVec4 text, muted, accent, accent_soft;
  ImVec4 error, warning, note, ok, skipped;
  ImVec4 panel_header, gutter_text, highlight, current_line;
};

const Palette& Pal();
bool IsDark();
// Applies the dark or light style scaled by `scale` (UI scale × content scale).
void Apply(bool dark, float scale);

struct Fonts {
  ImFont* ui = nullptr;
  ImFont* bold = nullptr;
  ImFont* mono = nullptr;
  ImFont* small = nullptr;  // panel headers and secondary text
};
const Fonts& GetFonts();
// Rebuilds the font atlas at `scale` and uploads it (platform::BuildFonts). Call outside a frame.
void LoadFonts(float scale);

// Severity and outcome: colour, icon and word.
ImVec4 SeverityColor(doc::Severity s);
const char* SeverityIcon(doc::Severity s);
ImVec4 OutcomeColor(doc::Outcome o);
const char* OutcomeIcon(doc::Outcome o);

// Small helpers every panel uses.
// A panel title strip ("PROBLEMS  3") across the current window's width.
// With `fold_icon`, a small button at the header's right end that folds the panel away (hover:
// `fold_tip`); true in the frame it is clicked.
bool PanelHeader(const char* title, const char* extra = nullptr, const char* fold_icon = nullptr,
                 const char* fold_tip = nullptr);
// "✖ 2" in the error colour, as text; nothing when n == 0.
void CountBadge(const char* icon, int n, const ImVec4& color);
// Muted text.
void TextMuted(const char* fmt, ...) IM_FMTARGS(1);
// Places the next window at the centre of the main viewport when it appears.
void CenterNextWindow();
// A centred modal with a close button: opened when *request is set (which it clears). True while
// it is open; then end it with ImGui::EndPopup().
bool BeginCenteredModal(const char* title, bool* request, ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize);

// ImGui::BeginTable for tables whose stretch columns hold wrapped text: with less room than
// min_width_em font sizes the table scrolls sideways at that width instead of squeezing its text
// into columns a few letters wide.
// One-line table cell text (rows kept one line high for ImGuiListClipper): when the column is
// narrower than the text, hovering the cell shows it whole.
void CellText(const std::string& text, const ImVec4* color = nullptr);

// Wrapped text that breaks where a reader expects, not mid-word: at spaces, and inside a long
// token without spaces (an LDAP filter, a KRI, a path) between its parts: before a "(" that
// follows ")", "&", "|" or "!", and after "/", ",", ";" or ":" (after a "::" whole), after a "." before a letter (a DNS name), after "_" and before "~" (an identifier). Only a part wider than the
// whole line is cut by characters. `color` null: the text colour.
void TextWrappedAtBreaks(std::string_view text, const ImVec4* color = nullptr);
// The lines TextWrappedAtBreaks draws for `width`, `measure` giving a piece's width (testable
// with any measure; the app's is the current font's).
std::vector<std::string_view> WrapAtBreaks(std::string_view text, float width,
                                           const std::function<float(std::string_view)>& measure);

// `text` as it fits in `width` when its end tells rows apart (components of one namespace,
// "sample::ServiceAImpl3"): whole when it fits, else "…" and as much of its end as fits.
std::string ElideFront(std::string_view text, float width, const std::function<float(std::string_view)>& measure);

// After an item whose label may be cut off: when it is hovered and the label (up to a "##" id)
// is wider than `room`, a tooltip shows the label whole.
void TooltipIfClipped(const char* label, float room);

bool BeginTableMinWidth(const char* id, int columns, ImGuiTableFlags flags, float min_width_em,
                        const ImVec2& outer_size = ImVec2(0, 0));

// Call between BeginTable and EndTable: how many one-line rows (a text line and the cell padding)
// the table's visible body holds under its header row: a scrolling table's own height, else down
// to the window's visible bottom, clipped by every window around it. What `gui_engine_views`
// checks ("8 table rows at 1024x700 and at scale 1.5"); 0 outside a table.
float TableRoomRows();

// Call between BeginTable and EndTable: where its body rows are on screen: `x` a point inside the
// first column, `y` the top of the first body row (under a header row, scrolled), `row` a
// one-line row's height, `bottom` the visible body's bottom. Row k of one-line rows is clicked at
// y + (k + 0.5) * row (the GUI tests click rows as a user does).
struct BodyPlace {
  float x = 0, y = 0, row = 0, bottom = 0;
};
BodyPlace TableBody();

// Call between BeginTable and EndTable: each enabled column's header label, the width it is
// given (the cell's content width) and the width its header needs (the label, and the sort
// arrow when the table sorts by it). What `gui_engine_views` checks at 1024x700 and scale 1.5:
// no column narrower than its header.
struct ColumnWidth {
  std::string name;
  float width = 0, header = 0;
  float center = 0;  // the column's middle on screen (the GUI tests click a cell there)
};
std::vector<ColumnWidth> TableColumnWidths();

// Call between BeginTable and EndTable, after the rows: a right click in the table opens its
// context menu, "Copy as text". True in the frame it is chosen (the view then copies its rows,
// TableText). With `selected` (the Explanation's step for the selected row), a second item,
// "Copy the selected row as text", copies that row's answer and why as the CLI's --explain text
// (doc::Step::ToText), as `istioctl x describe` prints one thing.
bool TableCopyMenu(const cfgi::doc::Step* selected = nullptr);
// The rows as the table shows them, tab-separated, the header first, one line each.
std::string TableText(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);

// Call between BeginTable and TableHeadersRow: sorts the table by `column` (the --view hook and
// tests; a header click does the same).
void TableSortBy(int column, bool descending);

// TableSetupColumn for a stretch column whose header must stay readable: the table's minimum
// width (BeginTableFit) keeps it at least as wide as its header.
struct FitColumn {
  const char* name;
  ImGuiTableColumnFlags flags = 0;  // ImGuiTableColumnFlags_WidthFixed or _WidthStretch (default)
  float size = 1;                   // a stretch column's weight; a fixed column's width (0: fit its content)
  bool folded = false;              // hidden by the view (TableSetColumnEnabled): not in the minimum width
};
// BeginTable with `columns` set up (TableSetupColumn each, not TableHeadersRow): when the room
// is narrower than every column at its header's width (stretch columns by their weights), the
// table scrolls sideways at that width instead of squeezing a header. Fixed columns are never
// narrower than their header. `sortable`: room for the header's sort arrow.
// `min_width_em`: a width (font sizes) under which the table scrolls sideways anyway (its cells' text).
bool BeginTableFit(const char* id, const std::vector<FitColumn>& columns, ImGuiTableFlags flags,
                   const ImVec2& outer_size = ImVec2(0, 0), float min_width_em = 0);

}  // namespace cfgi::gui::theme
