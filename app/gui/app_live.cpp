// app/gui/app_live.cpp: the live sources in the desktop app (docs/live-sources.md): File > Look
// up DNS... asks DNS for _grpc_config.HOST TXT, File > Open Envoy admin... fetches a running
// Envoy's /config_dump; the answer opens as a document (read by the txt or the matcher engine)
// with the LIVExxx diagnostics in Problems, and File > Refresh live source fetches it again.
// The network call runs on the worker (platform::RunAsync), never on the UI thread; the web build
// has no worker thread and no network access: its items are disabled and say why.
#include <cstring>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"
#include "app/live/live.h"

namespace cfgi::gui {

namespace {

constexpr int kKeyF5 = 294;  // GLFW_KEY_F5 (Dear ImGui 1.86 indexes keys by the backend's codes)

struct Fetched {
  live::LiveResult result;
  std::string what;  // "_grpc_config.HOST" or the URL, for the status bar
};

std::string FirstError(const live::LiveResult& r) {
  for (const doc::Diagnostic& d : r.diagnostics)
    if (d.severity == doc::Severity::kError) return "[" + d.code + "] " + d.message;
  return {};
}

}  // namespace

void App::DrawLiveMenuItems() {
  const bool on = live::Available();
  const char* why = "Live sources are a desktop/CLI feature: the web build sends nothing anywhere.";
  if (ImGui::MenuItem("Look up DNS...", nullptr, false, on)) {
    live_form_.dns = true;
    live_form_.show = true;
  }
  if (!on && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", why);
  if (ImGui::MenuItem("Open Envoy admin...", nullptr, false, on)) {
    live_form_.dns = false;
    live_form_.show = true;
  }
  if (!on && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", why);
  const OpenDocument* d = active_doc();
  bool live_doc = d && live_sources_.count(d->path());
  if (ImGui::MenuItem("Refresh live source", "F5", false, on && live_doc && !live_form_.busy)) RefreshLive();
}

void App::DrawLiveDialogs() {
  if (ImGui::IsKeyPressed(kKeyF5, false) && active_doc() && live_sources_.count(active_doc()->path()) &&
      !live_form_.busy)
    RefreshLive();
  const char* title = live_form_.dns ? "Look up DNS" : "Open Envoy admin";
  if (!theme::BeginCenteredModal(title, &live_form_.show)) return;
  const float w = ImGui::GetFontSize() * 22;
  if (live_form_.dns) {
    ImGui::TextUnformatted("Asks DNS for _grpc_config.HOST TXT, as a gRPC client's resolver does (c-ares).");
    ImGui::SetNextItemWidth(w);
    ImGui::InputTextWithHint("Host", "example.com", live_form_.host, sizeof live_form_.host);
    ImGui::SetNextItemWidth(w);
    ImGui::InputTextWithHint("DNS server", "system resolver, or IP[:PORT]", live_form_.server, sizeof live_form_.server);
  } else {
    ImGui::TextUnformatted("Fetches URL/config_dump from Envoy's admin listener.");
    ImGui::SetNextItemWidth(w);
    ImGui::InputTextWithHint("Admin URL", "http://127.0.0.1:9901", live_form_.url, sizeof live_form_.url);
    ImGui::Checkbox("include_eds (endpoints too)", &live_form_.include_eds);
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::InputInt("Timeout (ms)", &live_form_.timeout_ms, 500, 1000);
  if (live_form_.timeout_ms < 100) live_form_.timeout_ms = 100;
  if (live_form_.timeout_ms > 600000) live_form_.timeout_ms = 600000;
  ImGui::Spacing();
  bool ready = live_form_.dns ? live_form_.host[0] != 0 : live_form_.url[0] != 0;
  if (live_form_.busy) ImGui::BeginDisabled();
  if (!ready) ImGui::BeginDisabled();
  if (ImGui::Button(live_form_.dns ? "Look up" : "Fetch", ImVec2(ImGui::GetFontSize() * 6, 0))) {
    LiveSource src;
    src.dns = live_form_.dns;
    src.host = live_form_.host;
    src.server = live_form_.server;
    src.url = live_form_.url;
    src.include_eds = live_form_.include_eds;
    src.timeout_ms = live_form_.timeout_ms;
    StartLive(src);
    ImGui::CloseCurrentPopup();
    live_form_.show = false;
  }
  if (!ready) ImGui::EndDisabled();
  if (live_form_.busy) ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(ImGui::GetFontSize() * 6, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    ImGui::CloseCurrentPopup();
    live_form_.show = false;
  }
  ImGui::EndPopup();
}

void App::RefreshLive() {
  const OpenDocument* d = active_doc();
  if (!d) return;
  auto it = live_sources_.find(d->path());
  if (it != live_sources_.end()) StartLive(it->second);
}

void App::StartLive(const LiveSource& src) {
  live_form_.busy = true;
  auto fetched = std::make_shared<Fetched>();
  fetched->what = src.dns ? "_grpc_config." + src.host : src.url;
  status_ = "asking " + fetched->what + "...";
  status_until_ = platform::Now() + 600;
  // The network call on the worker; the document opens on the UI thread when it is done.
  platform::RunAsync(
      [src, fetched] {
        if (src.dns) {
          fetched->result = live::LookupTxt({src.host, src.server, src.timeout_ms});
        } else {
          fetched->result = live::FetchConfigDump({src.url, src.include_eds, src.timeout_ms});
        }
      },
      [this, src, fetched] {
        live_form_.busy = false;
        live::LiveResult& r = fetched->result;
        std::string err = FirstError(r);
        status_ = (err.empty() ? std::string(theme::kIconOk) + " " + fetched->what : fetched->what + ": " + err);
        status_until_ = platform::Now() + 8;
        if (r.document.name.empty()) return;  // nothing to open: the status bar says why
        std::string name = r.document.name;
        live_sources_[name] = src;
        OpenState state;
        state.engine = src.dns ? "txt" : "matcher";
        OpenFiles({platform::File{name, std::move(r.document.text)}}, state);
        for (Open& o : docs_)
          if (o.doc->path() == name) o.doc->SetSourceDiagnostics(r.diagnostics, platform::Now());
      });
}

}  // namespace cfgi::gui
