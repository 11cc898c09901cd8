// The variants view's Coverage matrix tab: two keys of one resource, value x value, the variant
// selected per cell (variants::MatrixOf, on the worker); a click adds the cell as a subscription.
#include "app/gui/views/variants/variants_view.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/theme.h"

namespace cfgi::gui::variants_view {

void VariantsView::DrawMatrix(ViewContext& ctx) {
  if (resources_.empty()) {
    theme::TextMuted("No resources.");
    return;
  }
  ResourceInfo& info = resources_[selected_resource_];
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  if (ImGui::BeginCombo("Resource", info.r->name.c_str())) {
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(resources_.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i)
        if (ImGui::Selectable(resources_[static_cast<size_t>(i)].r->name.c_str(), static_cast<size_t>(i) == selected_resource_)) {
          selected_resource_ = static_cast<size_t>(i);
          matrix_dirty_ = true;
        }
    ImGui::EndCombo();
  }
  if (matrix_resource_ != selected_resource_) BuildMatrixKeys();
  ResourceInfo& cur = resources_[selected_resource_];
  if (matrix_keys_.size() < 1) {
    matrix_dirty_ = false;
    theme::TextMuted("This resource's variants name no keys: every client gets the same variant.");
    return;
  }
  auto key_combo = [&](const char* label, int& idx) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    if (ImGui::BeginCombo(label, matrix_keys_[static_cast<size_t>(idx)].key.c_str())) {
      for (size_t k = 0; k < matrix_keys_.size(); ++k)
        if (ImGui::Selectable(matrix_keys_[k].key.c_str(), static_cast<int>(k) == idx)) {
          idx = static_cast<int>(k);
          matrix_dirty_ = true;
        }
      ImGui::EndCombo();
    }
  };
  key_combo("X (columns)", key_x_);
  const bool one_key = matrix_keys_.size() == 1;
  if (!one_key) key_combo("Y (rows)", key_y_);
  // The matrix is a what-if for the worker (variants::MatrixOf); drawn when it arrives.
  const v::DomainKey none{"(no other key)", {}, true, false, false};  // one key: a single row
  const v::DomainKey& kx = matrix_keys_[static_cast<size_t>(key_x_)];
  const v::DomainKey& ky = one_key ? none : matrix_keys_[static_cast<size_t>(key_y_)];
  if (matrix_dirty_ && model_sp_) {
    matrix_job_.Submit(ctx, "matrix/variants", this, "Computing the coverage matrix",
                       [m = model_sp_, ri = selected_resource_, kx, ky](JobProgress&) {
                         return MatrixWhatIf{m, ri, kx.key, ky.key,
                                              v::MatrixOf(m->analysis.final_state.resources[ri], kx, ky, {})};
                       });
    matrix_dirty_ = false;
  }
  if (!matrix_shown_ || matrix_shown_->resource != selected_resource_ || matrix_shown_->x != kx.key ||
      matrix_shown_->y != ky.key) {
    theme::TextMuted("Computing the matrix...");
    return;
  }
  const v::SelectionMatrix& matrix = matrix_shown_->matrix;
  theme::TextMuted("Other keys absent. Cell: the variant selected; %s none = resource missing for that client, "
                   "%s = ambiguous. Click a cell to add it as a subscription.", theme::kIconNoMatch, theme::kIconWarning);
  int cols = static_cast<int>(matrix.xs.size()) + 1;
  if (cols > 63) cols = 63;
  ImGuiTableFlags tf = ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                       ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##matrix", cols, tf)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  std::string corner = matrix.key_y + " \\ " + matrix.key_x;
  ImGui::TableSetupColumn(corner.c_str());
  for (int x = 0; x + 1 < cols; ++x) ImGui::TableSetupColumn(matrix.xs[static_cast<size_t>(x)].c_str());
  ImGui::TableHeadersRow();
  const theme::Palette& pal = theme::Pal();
  for (size_t y = 0; y < matrix.ys.size(); ++y) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(matrix.ys[y].c_str());
    for (int x = 0; x + 1 < cols; ++x) {
      ImGui::TableNextColumn();
      const v::MatrixCell& c = matrix.cells[static_cast<size_t>(x)][y];
      std::string text;
      ImVec4 bg;
      if (c.matching.empty()) {
        text = std::string(theme::kIconNoMatch) + " none";
        bg = pal.warning;
      } else if (c.matching.size() > 1) {
        text = std::string(theme::kIconWarning);
        for (size_t m : c.matching) text += " " + cur.r->variants[m].IdText();
        bg = pal.error;
      } else {
        text = cur.r->variants[c.matching[0]].IdText();
        bg = VariantColor(c.matching[0]);
      }
      bg.w = 0.30f;
      ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(bg));
      ImGui::PushID(static_cast<int>(y * 64 + static_cast<size_t>(x)));
      const std::string cell_id = "cell:" + std::to_string(x) + ":" + std::to_string(y);
      if (ImGui::Selectable(text.c_str(), sel_.Row("matrix") == cell_id)) {
        ExplainCell(ctx, static_cast<size_t>(x), y);
        v::Params p;
        auto put = [&](const std::string& key, const std::string& val) {
          if (val == "<absent>") return;
          p[key] = val == "<other>" ? "other" : val;
        };
        put(matrix.key_x, matrix.xs[static_cast<size_t>(x)]);
        put(matrix.key_y, matrix.ys[y]);
        AddSubscription("matrix", std::move(p), {cur.r->name});
        if (!c.matching.empty()) {
          const v::Variant& var = cur.r->variants[c.matching[0]];
          ctx.JumpTo(var.source ? var.source->name() : "", var.range);
        }
      }
      ImGui::PopID();
    }
  }
  room_.Measure("matrix", matrix.ys.size());
  ImGui::EndTable();
}

// The chosen resource's keys: its coverage keys (the analysis's; none when its variants name no key).
void VariantsView::BuildMatrixKeys() {
  matrix_resource_ = selected_resource_;
  const ResourceInfo& info = resources_[selected_resource_];
  matrix_keys_ = info.findings ? info.findings->coverage_keys : std::vector<v::DomainKey>{};
  if (key_x_ >= static_cast<int>(matrix_keys_.size())) key_x_ = 0;
  if (key_y_ >= static_cast<int>(matrix_keys_.size())) key_y_ = matrix_keys_.size() > 1 ? 1 : 0;
  if (key_x_ == key_y_ && matrix_keys_.size() > 1) key_y_ = key_x_ == 0 ? 1 : 0;
  matrix_dirty_ = true;
}

ImVec4 VariantsView::VariantColor(size_t i) {
  static const ImVec4 k[] = {{0.25f, 0.55f, 0.95f, 1}, {0.30f, 0.75f, 0.40f, 1}, {0.70f, 0.45f, 0.90f, 1},
                             {0.20f, 0.75f, 0.75f, 1}, {0.85f, 0.55f, 0.25f, 1}, {0.60f, 0.60f, 0.30f, 1}};
  return k[i % (sizeof k / sizeof k[0])];
}

}  // namespace cfgi::gui::variants_view
