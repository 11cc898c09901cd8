// App: the status bar, a passing message (saved, exported, cannot read) or the active document's
// state on the left; cursor, engine, profile and evaluation time on the right.
#include <algorithm>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"

namespace cfgi::gui {

// The jobs running off the UI thread (jobs.h), as ImHex shows its long tasks: a bar with the
// oldest job's title, its step and the fraction done, and how many more are queued.
void App::DrawJobsProgress() {
  std::vector<Jobs::Active> active = jobs_.active();
  if (active.empty()) return;
  const Jobs::Active& a = active.front();
  char label[512];
  std::snprintf(label, sizeof label, "%s: %s%s", a.title.c_str(), a.started ? a.step.c_str() : "queued",
                active.size() > 1 ? (" (+" + std::to_string(active.size() - 1) + " queued)").c_str() : "");
  // A live request (app_live.cpp) cannot report progress while it waits on the network: its bar
  // fills with the time spent against its timeout, and a Cancel button frees the app at once.
  const bool live = a.key == "live" && live_run_.running;
  float fraction = a.fraction;
  if (live && live_run_.timeout_ms > 0) {
    const double elapsed = platform::Now() - live_run_.started;
    fraction = static_cast<float>(std::min(1.0, elapsed * 1000.0 / live_run_.timeout_ms));
    std::snprintf(label, sizeof label, "%s: %s, %.1f s of %.1f s", a.title.c_str(), a.started ? a.step.c_str() : "queued",
                  elapsed, live_run_.timeout_ms / 1000.0);
  }
  ImGui::ProgressBar(fraction, ImVec2(ImGui::GetFontSize() * 8, ImGui::GetTextLineHeight()), "");
  ImGui::SameLine();
  theme::TextMuted("%s", label);
  if (live) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Cancel")) CancelLive();
  }
}

void App::DrawStatusBar() {
  const theme::Palette& pal = theme::Pal();
  ImVec2 p = ImGui::GetCursorScreenPos();
  float h = ImGui::GetFrameHeight();
  float w = ImGui::GetWindowWidth();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(ImGui::GetWindowPos().x, p.y), ImVec2(ImGui::GetWindowPos().x + w, p.y + h),
                                            ImGui::GetColorU32(ImGuiCol_MenuBarBg));
  ImGui::SetCursorScreenPos(ImVec2(p.x + ImGui::GetStyle().WindowPadding.x, p.y + (h - ImGui::GetTextLineHeight()) * 0.5f));
  ImGui::PushFont(theme::GetFonts().small);
  OpenDocument* d = active_doc();
  if (!status_.empty() && platform::Now() < status_until_) {
    ImGui::TextUnformatted(status_.c_str());
    platform::WakeUpIn(status_until_ - platform::Now());
  } else if (!jobs_.active().empty()) {  // with or without a document (a live lookup)
    DrawJobsProgress();
    platform::WakeUpIn(kProgressRedrawSeconds);
  } else if (d) {
    if (d->evaluating()) {
      theme::TextMuted("evaluating...");
      platform::WakeUpIn(kProgressRedrawSeconds);
    } else if (d->PendingIn(platform::Now())) {
      theme::TextMuted("evaluating after edit...");
    }
    else {
      // The Problems panel's counts (problem_groups.h): notes count too, never "no problems"
      // beside a list of notes.
      const ProblemCounts c = d->problem_counts();
      const std::string text = ProblemSummary(c);
      if (c.total() == 0) ImGui::TextColored(pal.ok, "%s no problems", theme::kIconOk);
      else if (c.errors) ImGui::TextColored(pal.error, "%s %s", theme::kIconError, text.c_str());
      else if (c.warnings) ImGui::TextColored(pal.warning, "%s %s", theme::kIconWarning, text.c_str());
      else ImGui::TextColored(pal.note, "%s %s", theme::kIconNote, text.c_str());
    }
  } else {
    theme::TextMuted("Ready");
  }
  if (d) {
    char right[256];
    std::snprintf(right, sizeof right, "%s    engine %s    profile %s    %zu profile%s evaluated in %.1f ms",
                  source_view_.cursor_text().c_str(), std::string(d->engine().name()).c_str(), d->profile().c_str(),
                  d->reports().size(), d->reports().size() == 1 ? "" : "s", d->eval_ms());
    float tw = ImGui::CalcTextSize(right).x;
    ImGui::SameLine(w - tw - ImGui::GetStyle().WindowPadding.x * 2);
    theme::TextMuted("%s", right);
  }
  ImGui::PopFont();
}

}  // namespace cfgi::gui
