// app/gui/app_live.cpp: the live sources in the desktop app (docs/live-sources.md): File > Look
// up DNS... asks DNS for _grpc_config.HOST TXT, File > Open Envoy admin... fetches a running
// Envoy's /config_dump; the answer opens as a document (read by the txt or the matcher engine)
// with the LIVExxx diagnostics in Problems, and File > Refresh live source (F5) fetches it again
// into the same document. The network call is the job "live" (jobs.h) on a thread of its own:
// the status bar shows its progress against its timeout and a Cancel button, the UI never waits
// for it. A fetch that brings nothing to load (a refused connection, HTTP 500, a body that is not
// JSON) opens a document too, holding the URL (or the body) with its LIVE diagnostic, so the
// Problems panel says what happened and F5 tries again. The web build has no network access:
// its items are disabled and say why (LIVE015).
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"
#include "app/live/live.h"

namespace cfgi::gui {

namespace {

constexpr int kKeyF5 = 294;  // GLFW_KEY_F5 (Dear ImGui 1.86 indexes keys by the backend's codes)
constexpr const char* kLiveJob = "live";

struct Fetched {
  live::LiveResult result;
};

std::string FirstError(const live::LiveResult& r) {
  for (const doc::Diagnostic& d : r.diagnostics)
    if (d.severity == doc::Severity::kError) return "[" + d.code + "] " + d.message;
  return {};
}

std::string What(bool dns, const std::string& host, const std::string& server, const std::string& url) {
  if (!dns) return "GET " + url + "/config_dump";
  return "_grpc_config." + host + " TXT at " + (server.empty() ? std::string("the system resolver") : server);
}

}  // namespace

void App::DrawLiveMenuItems() {
  const bool on = live::Available();
  const char* why = "Live sources are a desktop/CLI feature (LIVE015): the web build sends nothing anywhere. "
                    "Use config-inspector-cli eval --lookup HOST or --admin URL, or open a saved file.";
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
  bool live_doc = d && live_docs_.count(d->path());
  if (ImGui::MenuItem("Refresh live source", "F5", false, on && live_doc && !live_run_.running)) RefreshLive();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && (!on || !live_doc))
    ImGui::SetTooltip("%s", on ? "The active document did not come from a DNS lookup or an Envoy admin URL." : why);
  if (live_run_.running && ImGui::MenuItem("Cancel live request")) CancelLive();
}

void App::DrawLiveDialogs() {
  if (ImGui::IsKeyPressed(kKeyF5, false) && active_doc() && live_docs_.count(active_doc()->path()) && !live_run_.running)
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
    ImGui::InputTextWithHint("Admin URL", "http://127.0.0.1:9901 or unix:/PATH/admin.sock", live_form_.url,
                             sizeof live_form_.url);
    theme::TextMuted("%s", "A Kuma sidecar's: unix:/tmp/kuma-dp/kuma-envoy-admin.sock. Envoy's parameters go in "
                           "the query: ?resource=dynamic_listeners&name_regex=...");
    ImGui::Checkbox("include_eds (endpoints too)", &live_form_.include_eds);
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::InputInt("Timeout (ms)", &live_form_.timeout_ms, 500, 1000);
  live_form_.timeout_ms = std::clamp(live_form_.timeout_ms, 100, 600000);
  if (live_form_.dns) {
    const std::string q = std::string("Query: _grpc_config.") + (live_form_.host[0] ? live_form_.host : "HOST") + " TXT";
    theme::TextMuted("%s", q.c_str());
  }
  ImGui::Spacing();
  bool ready = live_form_.dns ? live_form_.host[0] != 0 : live_form_.url[0] != 0;
  if (!ready) ImGui::BeginDisabled();
  if (ImGui::Button(live_form_.dns ? "Look up" : "Fetch", ImVec2(ImGui::GetFontSize() * 6, 0)) ||
      (ready && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)))) {
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
  auto it = live_docs_.find(d->path());
  if (it != live_docs_.end()) StartLive(it->second.src, it->first);
}

void App::CancelLive() {
  if (!live_run_.running) return;
  jobs_.Cancel(kLiveJob);
  live_run_.running = false;
  ++live_cancelled_;
  status_ = "cancelled: " + live_run_.what;
  status_until_ = platform::Now() + 8;
}

void App::StartLive(const LiveSource& src, const std::string& replaces) {
  auto fetched = std::make_shared<Fetched>();
  if (live_run_.running) ++live_cancelled_;  // Submit cancels the running one (same key)
  live_run_.running = true;
  live_run_.what = What(src.dns, src.host, src.server, src.url);
  live_run_.started = platform::Now();
  live_run_.timeout_ms = src.timeout_ms;
  status_until_ = 0;  // the status bar shows the job's progress instead
  Job job;
  job.key = kLiveJob;
  job.title = src.dns ? "Looking up _grpc_config." + src.host : "Fetching " + src.url + "/config_dump";
  job.own_thread = true;  // blocks on the network up to the timeout: never on the evaluations' worker
  job.work = [src, fetched](JobProgress& p) {
    p.Step(src.dns ? "asking " + (src.server.empty() ? std::string("the system resolver") : src.server)
                   : std::string("waiting for the admin listener"),
           0);
    if (src.dns) {
      fetched->result = live::LookupTxt({src.host, src.server, src.timeout_ms});
    } else {
      fetched->result = live::FetchConfigDump({src.url, src.include_eds, src.timeout_ms});
    }
  };
  job.done = [this, src, fetched, replaces] {
    live_run_.running = false;
    live::LiveResult& r = fetched->result;
    // What opens: the answer; else what came and cannot be loaded (LIVE013 points into it); else
    // the URL the diagnostic is about, as a one-line file (the CLI's diagnostics name it too).
    platform::File file;
    OpenState state;
    if (!r.document.name.empty()) {
      file = {r.document.name, std::move(r.document.text)};
      state.engine = src.dns ? "txt" : "matcher";
    } else if (!r.rejected.name.empty()) {
      file = {r.rejected.name, std::move(r.rejected.text)};
      state.engine = "document";
    } else {
      std::string name = r.diagnostics.empty() ? src.url : r.diagnostics.front().file;
      file = {name, name};
      state.engine = "document";
    }
    // One line of the status bar (the whole message is in Problems): what was asked, the code,
    // the start of the message.
    std::string err = FirstError(r);
    if (err.size() > 90) err = err.substr(0, 87) + "...";
    status_ = err.empty() ? std::string(theme::kIconOk) + " " + What(src.dns, src.host, src.server, src.url)
                          : std::string(theme::kIconError) + " " + What(src.dns, src.host, src.server, src.url) + ": " + err;
    status_until_ = platform::Now() + 8;
    LiveDoc& ld = live_docs_[file.path];
    ld.src = src;
    ld.info = r.info;
    ld.codes.clear();
    for (const doc::Diagnostic& d : r.diagnostics) ld.codes.push_back(d.code);
    ++ld.fetches;
    // A refresh replaces its document: the same one when the answer keeps its name (its text is
    // replaced, edits included: the user asked for the live data), else the old one closes.
    int at = -1;
    for (size_t k = 0; k < docs_.size(); ++k)
      if (docs_[k].doc->path() == file.path) at = static_cast<int>(k);
    if (at >= 0) {
      OpenDocument& d = *docs_[static_cast<size_t>(at)].doc;
      doc::DecodeText(&file.text);
      d.Edit(0, std::move(file.text), platform::Now() - 1);
      d.MarkSaved(0);
      if (d.engine_request() != state.engine) d.SetEngine(state.engine, platform::Now());
      Activate(at);
    } else {
      const std::string name = file.path;
      OpenFiles({std::move(file)}, state);
      // Not a file: File > Recent could not open it again (F5 fetches it again).
      recent_.erase(std::remove_if(recent_.begin(), recent_.end(),
                                   [&name](const std::string& r) {
                                     return r.size() >= name.size() &&
                                            r.compare(r.size() - name.size(), name.size(), name) == 0;
                                   }),
                    recent_.end());
    }
    const std::string path = docs_[static_cast<size_t>(active_)].doc->path();
    docs_[static_cast<size_t>(active_)].doc->SetSourceDiagnostics(r.diagnostics, platform::Now());
    if (!replaces.empty() && replaces != path) {
      live_docs_.erase(replaces);
      for (size_t k = 0; k < docs_.size(); ++k)
        if (docs_[k].doc->path() == replaces) {
          CloseDocument(static_cast<int>(k));
          break;
        }
      for (size_t k = 0; k < docs_.size(); ++k)
        if (docs_[k].doc->path() == path) Activate(static_cast<int>(k));
    }
  };
  jobs_.Submit(std::move(job));
}

bool App::ApplyLiveStep(const std::string& key, const std::string& value, bool* mine, std::string* error) {
  *mine = key == "lookup" || key == "admin" || key == "refresh" || key == "cancel";
  if (!*mine) return true;
  if (!live::Available()) {
    *error = "live sources are a desktop/CLI feature (LIVE015)";
    return false;
  }
  if (key == "refresh") {
    const OpenDocument* d = active_doc();
    if (!d || !live_docs_.count(d->path())) {
      *error = "refresh: the active document is not a live source";
      return false;
    }
    RefreshLive();
    return true;
  }
  if (key == "cancel") {
    if (!live_run_.running) {
      *error = "cancel: no live request is running";
      return false;
    }
    CancelLive();
    return true;
  }
  // "HOST,server=IP:PORT,timeout=MS" / "URL,include_eds,timeout=MS"
  LiveSource src;
  src.dns = key == "lookup";
  src.timeout_ms = src.dns ? live::kDefaultDnsTimeoutMs : live::kDefaultAdminTimeoutMs;
  size_t start = 0;
  for (int i = 0; start <= value.size(); ++i) {
    size_t comma = value.find(',', start);
    std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    start = comma == std::string::npos ? value.size() + 1 : comma + 1;
    if (i == 0) {
      (src.dns ? src.host : src.url) = item;
      continue;
    }
    size_t eq = item.find('=');
    std::string k = item.substr(0, eq), v = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (k == "server" && src.dns) {
      src.server = v;
    } else if (k == "timeout") {
      src.timeout_ms = std::atoi(v.c_str());
      if (src.timeout_ms <= 0) {
        *error = key + ": timeout is milliseconds";
        return false;
      }
    } else if (k == "include_eds" && !src.dns) {
      src.include_eds = true;
    } else {
      *error = key + ": unknown item '" + item + "' (lookup=HOST,server=IP:PORT,timeout=MS; admin=URL,include_eds,timeout=MS)";
      return false;
    }
  }
  if ((src.dns ? src.host : src.url).empty()) {
    *error = key + " needs a " + (src.dns ? "HOST" : "URL");
    return false;
  }
  StartLive(src);
  return true;
}

nlohmann::ordered_json App::LiveStateJson() const {
  nlohmann::ordered_json docs = nlohmann::ordered_json::array();
  for (const auto& entry : live_docs_) {
    const LiveDoc& ld = entry.second;
    nlohmann::ordered_json one = {{"path", entry.first}, {"source", ld.src.dns ? "dns" : "envoy-admin"}};
    if (ld.src.dns) {
      one["host"] = ld.src.host;
      one["server"] = ld.src.server;
    } else {
      one["url"] = ld.src.url;
      one["include_eds"] = ld.src.include_eds;
    }
    one["timeout_ms"] = ld.src.timeout_ms;
    one["fetches"] = ld.fetches;
    one["codes"] = ld.codes;
    one["info"] = ld.info;
    docs.push_back(std::move(one));
  }
  nlohmann::ordered_json running = nullptr;
  if (live_run_.running) running = {{"what", live_run_.what}, {"timeout_ms", live_run_.timeout_ms}};
  return {{"available", live::Available()}, {"documents", std::move(docs)}, {"running", std::move(running)},
          {"cancelled", live_cancelled_}, {"status", status_}};
}

}  // namespace cfgi::gui
