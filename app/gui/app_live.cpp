// app/gui/app_live.cpp: the live sources in the desktop app (docs/live-sources.md). File >
// Connect... offers four: DNS (_grpc_config.HOST TXT), a running Envoy's /config_dump (admin URL
// or unix socket), a gRPC process's xDS clients over CSDS, and a Kuma control plane's resources
// with its _rules for a dataplane; the answer opens as a document (read by the txt, matcher or
// policy engine) with the LIVExxx diagnostics in Problems, and File > Refresh live source (F5)
// fetches it again into the same document. The network call is the job "live" (jobs.h) on a
// thread of its own: the status bar shows its progress against its timeout and a Cancel button,
// the UI never waits for it. For Kuma the job also evaluates the resources under the control
// plane's profile and compares our _rules and _policies with its answers (live::CompareKumaLive): the
// differences are LIVE036 notes in Problems, computed on the job's thread. A fetch that brings
// nothing to load (a refused connection, HTTP 500, a body that is not JSON) opens a document
// too, holding the URL (or the body) with its LIVE diagnostic, so the Problems panel says what
// happened and F5 tries again. The web build has no network access: its items are disabled and
// say why (LIVE015).
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"
#include "app/live/live.h"
#include "core/engine/engine.h"
#include "core/engine/group.h"
#include "core/engine/scenario.h"

namespace cfgi::gui {

namespace {

constexpr int kKeyF5 = 294;  // GLFW_KEY_F5 (Dear ImGui 1.86 indexes keys by the backend's codes)
constexpr const char* kLiveJob = "live";

// One document to open from a live answer: its first file names it, `engine` reads it.
struct LivePart {
  platform::File file;
  std::vector<platform::File> more;
  std::string engine;
};

struct Fetched {
  live::LiveResult result;
  // A CSDS answer holding TP2 variants, grouped by engine on the job's thread (empty: one document).
  std::vector<FileGroup> groups;
};

// A CSDS answer with TP2 variants holds the files of two engines (app/live/csds_read.cpp): each
// client scope's config_dump (the matcher engine's) and `SCOPE#variants` with the client's
// subscriptions `SCOPE#client[:TYPE]` (the variants engine's). They are grouped as the CLI groups
// them (GroupFiles, as app/cli/check_eval.cpp does for --csds), so the app opens one document per
// engine and answers the variants as the CLI does. Runs on the job's thread (it reads the files).
void GroupCsdsAnswer(Fetched* f) {
  live::LiveResult& r = f->result;
  if (r.document.name.empty() ||
      std::none_of(r.more_documents.begin(), r.more_documents.end(),
                   [](const InputFile& x) { return x.name.ends_with("#variants"); }))
    return;
  std::vector<InputFile> all = {r.document};
  all.insert(all.end(), r.more_documents.begin(), r.more_documents.end());
  std::vector<FileGroup> groups = GroupFiles(all, EngineRequest{});
  if (groups.size() > 1) f->groups = std::move(groups);
}

using Kind = LiveKind;

std::string FirstError(const live::LiveResult& r) {
  for (const doc::Diagnostic& d : r.diagnostics)
    if (d.severity == doc::Severity::kError) return "[" + d.code + "] " + d.message;
  return {};
}

// What is asked of whom, for the status bar and the progress line.
std::string What(const LiveSource& s) {
  switch (s.kind) {
    case Kind::kDns:
      return "_grpc_config." + s.host + " TXT at " + (s.server.empty() ? std::string("the system resolver") : s.server);
    case Kind::kAdmin: return "GET " + s.url + "/config_dump";
    case Kind::kCsds: return "CSDS FetchClientStatus at " + s.target + (s.tls ? " (TLS)" : "");
    case Kind::kKumaCp: return "Kuma " + s.url + ": mesh " + s.mesh + ", _rules of " + s.dataplane;
  }
  return {};
}

const char* EngineOf(Kind k) { return k == Kind::kDns ? "txt" : k == Kind::kKumaCp ? "policy" : "matcher"; }

const char* SourceName(Kind k) {
  switch (k) {
    case Kind::kDns: return "dns";
    case Kind::kAdmin: return "envoy-admin";
    case Kind::kCsds: return "csds";
    case Kind::kKumaCp: return "kuma-cp";
  }
  return "";
}

int DefaultTimeout(Kind k) {
  switch (k) {
    case Kind::kDns: return live::kDefaultDnsTimeoutMs;
    case Kind::kAdmin: return live::kDefaultAdminTimeoutMs;
    case Kind::kCsds: return live::kDefaultCsdsTimeoutMs;
    case Kind::kKumaCp: return live::kDefaultKumaTimeoutMs;
  }
  return 5000;
}

// Kuma: our _rules under the control plane's profile against its answer, on the job's thread
// (the one comparison; LIVE036 notes for the differences).
void CompareWithKuma(const LiveSource& src, live::LiveResult* r) {
  const Engine* policy = FindEngine("policy");
  if (!policy || r->document.name.empty() || !r->info.contains("rules")) return;
  const std::string profile = r->info.value("profile", "");
  Query q;
  q.flags = {{"dataplane", src.dataplane},
             {"kuma-inspect", "/meshes/" + src.mesh + "/dataplanes/" + src.dataplane + "/_rules"}};
  Scenario s = LoadScenario({r->document});
  Report ours = RunScenario(*policy, s, q, profile, true);
  std::optional<nlohmann::ordered_json> ours_policies;
  if (r->info.contains("policies")) ours_policies = live::OurKumaPolicies(s, q, profile, src.mesh, src.dataplane);
  Comparison c = live::CompareKumaLive(profile, ours.result, r->info["rules"], ours_policies ? &*ours_policies : nullptr,
                                       ours_policies ? &r->info["policies"] : nullptr);
  r->info["divergences"] = c.ToJson();
  r->info["differing_answers"] = c.size();
  for (doc::Diagnostic& d : live::KumaDivergenceNotes(c, profile, r->document)) r->diagnostics.push_back(std::move(d));
}

}  // namespace

void App::DrawLiveMenuItems() {
  const bool on = live::Available();
  const char* why = "Live sources are a desktop/CLI feature (LIVE015): the web build sends nothing anywhere. "
                    "Use config-inspector-cli eval --lookup HOST, --admin URL, --csds HOST:PORT or --kuma-cp URL, "
                    "or open a saved file.";
  if (ImGui::MenuItem("Connect...", nullptr, false, on)) live_form_.show = true;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", on ? "DNS (a service config in TXT), Envoy admin, CSDS (a gRPC client's xDS state) or a "
                                 "Kuma control plane"
                               : why);
  const OpenDocument* d = active_doc();
  bool live_doc = d && live_docs_.count(d->path());
  if (ImGui::MenuItem("Refresh live source", "F5", false, on && live_doc && !live_run_.running)) RefreshLive();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && (!on || !live_doc))
    ImGui::SetTooltip("%s", on ? "The active document did not come from File > Connect..." : why);
  if (live_run_.running && ImGui::MenuItem("Cancel live request")) CancelLive();
}

void App::DrawLiveDialogs() {
  if (ImGui::IsKeyPressed(kKeyF5, false) && active_doc() && live_docs_.count(active_doc()->path()) && !live_run_.running)
    RefreshLive();
  if (!theme::BeginCenteredModal("Connect", &live_form_.show)) return;
  const float w = ImGui::GetFontSize() * 22;
  ImGui::RadioButton("DNS", &live_form_.kind, static_cast<int>(Kind::kDns));
  ImGui::SameLine();
  ImGui::RadioButton("Envoy admin", &live_form_.kind, static_cast<int>(Kind::kAdmin));
  ImGui::SameLine();
  ImGui::RadioButton("CSDS", &live_form_.kind, static_cast<int>(Kind::kCsds));
  ImGui::SameLine();
  ImGui::RadioButton("Kuma control plane", &live_form_.kind, static_cast<int>(Kind::kKumaCp));
  const Kind kind = static_cast<Kind>(live_form_.kind);
  if (live_form_.timeout_for != live_form_.kind) {
    live_form_.timeout_ms = DefaultTimeout(kind);
    live_form_.timeout_for = live_form_.kind;
  }
  ImGui::Separator();
  bool ready = false;
  switch (kind) {
    case Kind::kDns:
      ImGui::TextUnformatted("Asks DNS for _grpc_config.HOST TXT, as a gRPC client's resolver does (c-ares).");
      ImGui::SetNextItemWidth(w);
      ImGui::InputTextWithHint("Host", "example.com", live_form_.host, sizeof live_form_.host);
      ImGui::SetNextItemWidth(w);
      ImGui::InputTextWithHint("DNS server", "system resolver, or IP[:PORT]", live_form_.server, sizeof live_form_.server);
      ready = live_form_.host[0] != 0;
      break;
    case Kind::kAdmin:
      ImGui::TextUnformatted("Fetches URL/config_dump from Envoy's admin listener.");
      ImGui::SetNextItemWidth(w);
      ImGui::InputTextWithHint("Admin URL", "http://127.0.0.1:9901 or unix:/PATH/admin.sock", live_form_.url,
                               sizeof live_form_.url);
      theme::TextMuted("%s", "A Kuma sidecar's: unix:/tmp/kuma-dp/kuma-envoy-admin.sock. Envoy's parameters go in "
                             "the query: ?resource=dynamic_listeners&name_regex=...");
      ImGui::Checkbox("include_eds (endpoints too)", &live_form_.include_eds);
      ready = live_form_.url[0] != 0;
      break;
    case Kind::kCsds:
      ImGui::TextUnformatted("Asks a gRPC process's admin port for its xDS clients' resources (CSDS).");
      ImGui::SetNextItemWidth(w);
      ImGui::InputTextWithHint("Target", "HOST:PORT", live_form_.target, sizeof live_form_.target);
      ImGui::Checkbox("TLS (the system's roots)", &live_form_.tls);
      ready = live_form_.target[0] != 0;
      break;
    case Kind::kKumaCp:
      ImGui::TextUnformatted("Reads a mesh through Kuma's API and compares its _rules for a dataplane with ours.");
      ImGui::SetNextItemWidth(w);
      ImGui::InputTextWithHint("API URL", "http://127.0.0.1:5681", live_form_.cp_url, sizeof live_form_.cp_url);
      ImGui::SetNextItemWidth(w);
      ImGui::InputTextWithHint("Mesh", "default", live_form_.mesh, sizeof live_form_.mesh);
      ImGui::SetNextItemWidth(w);
      ImGui::InputTextWithHint("Dataplane", "NAME", live_form_.dataplane, sizeof live_form_.dataplane);
      ready = live_form_.cp_url[0] && live_form_.mesh[0] && live_form_.dataplane[0];
      break;
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::InputInt("Timeout (ms)", &live_form_.timeout_ms, 500, 1000);
  live_form_.timeout_ms = std::clamp(live_form_.timeout_ms, 100, 600000);
  if (kind == Kind::kDns) {
    const std::string q = std::string("Query: _grpc_config.") + (live_form_.host[0] ? live_form_.host : "HOST") + " TXT";
    theme::TextMuted("%s", q.c_str());
  }
  ImGui::Spacing();
  if (!ready) ImGui::BeginDisabled();
  if (ImGui::Button("Connect", ImVec2(ImGui::GetFontSize() * 6, 0)) ||
      (ready && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)))) {
    LiveSource src;
    src.kind = kind;
    src.host = live_form_.host;
    src.server = live_form_.server;
    src.url = kind == Kind::kKumaCp ? live_form_.cp_url : live_form_.url;
    src.include_eds = live_form_.include_eds;
    src.target = live_form_.target;
    src.tls = live_form_.tls;
    src.mesh = live_form_.mesh;
    src.dataplane = live_form_.dataplane;
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

// A live answer's document: the open one of that name is refreshed in place (its text replaced,
// edits included: the user asked for the live data); else it opens. Returns its path; it is the
// active document after.
std::string App::PutLiveDocument(platform::File file, std::vector<platform::File> more, const OpenState& state) {
  int at = -1;
  for (size_t k = 0; k < docs_.size(); ++k)
    if (docs_[k].doc->path() == file.path) at = static_cast<int>(k);
  // A CSDS answer whose scopes are not the open document's (a client came or went): opened anew.
  if (at >= 0) {
    const std::vector<SourceFile>& open = docs_[static_cast<size_t>(at)].doc->files();
    bool same = open.size() == more.size() + 1;
    for (size_t k = 0; same && k < more.size(); ++k) same = open[k + 1].name == more[k].path;
    if (!same) {
      CloseDocument(at);
      at = -1;
    }
  }
  const std::string name = file.path;
  if (at >= 0) {
    OpenDocument& d = *docs_[static_cast<size_t>(at)].doc;
    doc::DecodeText(&file.text);
    d.Edit(0, std::move(file.text), platform::Now() - 1);
    d.MarkSaved(0);
    for (size_t k = 0; k < more.size(); ++k) {
      doc::DecodeText(&more[k].text);
      d.Edit(static_cast<int>(k + 1), std::move(more[k].text), platform::Now() - 1);
      d.MarkSaved(static_cast<int>(k + 1));
    }
    if (d.engine_request() != state.engine) d.SetEngine(state.engine, platform::Now());
    Activate(at);
    return name;
  }
  std::vector<platform::File> files = {std::move(file)};
  for (platform::File& f : more) files.push_back(std::move(f));
  OpenFiles(std::move(files), state);
  // Not a file: File > Recent could not open it again (F5 fetches it again).
  recent_.erase(std::remove_if(recent_.begin(), recent_.end(),
                               [&name](const std::string& r) {
                                 return r.size() >= name.size() &&
                                        r.compare(r.size() - name.size(), name.size(), name) == 0;
                               }),
                recent_.end());
  return name;
}

void App::StartLive(const LiveSource& src, const std::string& replaces) {
  auto fetched = std::make_shared<Fetched>();
  if (live_run_.running) ++live_cancelled_;  // Submit cancels the running one (same key)
  live_run_.running = true;
  live_run_.what = What(src);
  live_run_.started = platform::Now();
  live_run_.timeout_ms = src.timeout_ms;
  status_until_ = 0;  // the status bar shows the job's progress instead
  Job job;
  job.key = kLiveJob;
  job.title = What(src);
  job.own_thread = true;  // blocks on the network up to the timeout: never on the evaluations' worker
  job.work = [src, fetched](JobProgress& p) {
    switch (src.kind) {
      case Kind::kDns:
        p.Step("asking " + (src.server.empty() ? std::string("the system resolver") : src.server), 0);
        fetched->result = live::LookupTxt({src.host, src.server, src.timeout_ms});
        break;
      case Kind::kAdmin:
        p.Step("waiting for the admin listener", 0);
        fetched->result = live::FetchConfigDump({src.url, src.include_eds, src.timeout_ms});
        break;
      case Kind::kCsds:
        p.Step("calling FetchClientStatus", 0);
        fetched->result = live::FetchClientStatus({src.target, src.tls, "", src.timeout_ms});
        GroupCsdsAnswer(fetched.get());
        break;
      case Kind::kKumaCp:
        p.Step("reading the mesh through the API", 0);
        fetched->result = live::FetchKumaCp({src.url, src.mesh, src.dataplane, src.timeout_ms});
        p.Step("comparing the control plane's _rules with ours", 0.9f);
        CompareWithKuma(src, &fetched->result);
        break;
    }
  };
  job.done = [this, src, fetched, replaces] {
    live_run_.running = false;
    live::LiveResult& r = fetched->result;
    // What opens: the answer; else what came and cannot be loaded (LIVE013 points into it); else
    // the URL the diagnostic is about, as a one-line file (the CLI's diagnostics name it too).
    // CSDS: the further client scopes are more files of the same document; with TP2 variants,
    // the variants engine's files are a second document (GroupCsdsAnswer).
    std::vector<LivePart> parts(1);
    std::string profile;
    if (!fetched->groups.empty()) {
      parts.clear();
      for (FileGroup& g : fetched->groups) {
        LivePart part;
        part.engine = g.engine ? std::string(g.engine->name()) : "document";
        for (InputFile& f : g.files)
          (part.file.path.empty() ? part.file : part.more.emplace_back()) = {f.name, std::move(f.text)};
        parts.push_back(std::move(part));
      }
    } else if (!r.document.name.empty()) {
      parts[0].file = {r.document.name, std::move(r.document.text)};
      for (InputFile& f : r.more_documents) parts[0].more.push_back({f.name, std::move(f.text)});
      parts[0].engine = EngineOf(src.kind);
      if (src.kind == Kind::kKumaCp) profile = r.info.value("profile", "");
    } else if (!r.rejected.name.empty()) {
      parts[0].file = {r.rejected.name, std::move(r.rejected.text)};
      parts[0].engine = "document";
    } else {
      std::string name = r.diagnostics.empty() ? src.url : r.diagnostics.front().file;
      parts[0].file = {name, name};
      parts[0].engine = "document";
    }
    // One line of the status bar (the whole message is in Problems): what was asked, the code,
    // the start of the message.
    std::string err = FirstError(r);
    if (err.size() > 90) err = err.substr(0, 87) + "...";
    std::string said = What(src);
    if (src.kind == Kind::kKumaCp && r.info.contains("differing_answers")) {
      size_t n = r.info["differing_answers"].get<size_t>();
      said += n == 0 ? ": agrees with " + r.info.value("profile", "")
                     : ": " + std::to_string(n) + (n == 1 ? " answer differs from " : " answers differ from ") +
                           r.info.value("profile", "") + " (Problems)";
    }
    status_ = err.empty() ? std::string(r.info.value("differing_answers", 0) ? theme::kIconWarning : theme::kIconOk) + " " + said : std::string(theme::kIconError) + " " + said + ": " + err;
    status_until_ = platform::Now() + 8;
    // Each part refreshes its document in place or opens one; the first holds the fetch's LIVE
    // diagnostics. The part that `replaces` named (the document F5 was pressed on) is activated.
    std::vector<std::string> paths;
    for (size_t k = 0; k < parts.size(); ++k) {
      LiveDoc& ld = live_docs_[parts[k].file.path];
      ld.src = src;
      ld.info = r.info;
      ld.codes.clear();
      for (const doc::Diagnostic& d : r.diagnostics) ld.codes.push_back(d.code);
      ++ld.fetches;
      OpenState state;
      state.engine = parts[k].engine;
      state.profile = profile;
      paths.push_back(PutLiveDocument(std::move(parts[k].file), std::move(parts[k].more), state));
      if (k == 0) docs_[static_cast<size_t>(active_)].doc->SetSourceDiagnostics(r.diagnostics, platform::Now());
    }
    if (!replaces.empty() && std::find(paths.begin(), paths.end(), replaces) == paths.end()) {
      live_docs_.erase(replaces);
      for (size_t k = 0; k < docs_.size(); ++k)
        if (docs_[k].doc->path() == replaces) {
          CloseDocument(static_cast<int>(k));
          break;
        }
    }
    const std::string& shown = std::find(paths.begin(), paths.end(), replaces) != paths.end() ? replaces : paths.front();
    for (size_t k = 0; k < docs_.size(); ++k)
      if (docs_[k].doc->path() == shown) Activate(static_cast<int>(k));
  };
  jobs_.Submit(std::move(job));
}

bool App::ApplyLiveStep(const std::string& key, const std::string& value, bool* mine, std::string* error) {
  *mine = key == "lookup" || key == "admin" || key == "csds" || key == "kuma" || key == "refresh" || key == "cancel";
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
  // "HOST,server=IP:PORT,timeout=MS" / "URL,include_eds,timeout=MS" / "HOST:PORT,tls,timeout=MS" /
  // "URL,mesh=M,dataplane=NAME,timeout=MS"
  LiveSource src;
  src.kind = key == "lookup" ? Kind::kDns : key == "admin" ? Kind::kAdmin : key == "csds" ? Kind::kCsds : Kind::kKumaCp;
  src.timeout_ms = DefaultTimeout(src.kind);
  std::string* first = src.kind == Kind::kDns ? &src.host : src.kind == Kind::kCsds ? &src.target : &src.url;
  size_t start = 0;
  for (int i = 0; start <= value.size(); ++i) {
    size_t comma = value.find(',', start);
    std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    start = comma == std::string::npos ? value.size() + 1 : comma + 1;
    if (i == 0) {
      *first = item;
      continue;
    }
    size_t eq = item.find('=');
    std::string k = item.substr(0, eq), v = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (k == "server" && src.kind == Kind::kDns) {
      src.server = v;
    } else if (k == "timeout") {
      src.timeout_ms = std::atoi(v.c_str());
      if (src.timeout_ms <= 0) {
        *error = key + ": timeout is milliseconds";
        return false;
      }
    } else if (k == "include_eds" && src.kind == Kind::kAdmin) {
      src.include_eds = true;
    } else if (k == "tls" && src.kind == Kind::kCsds) {
      src.tls = true;
    } else if ((k == "mesh" || k == "dataplane") && src.kind == Kind::kKumaCp) {
      (k == "mesh" ? src.mesh : src.dataplane) = v;
    } else {
      *error = key + ": unknown item '" + item +
               "' (lookup=HOST,server=IP:PORT,timeout=MS; admin=URL,include_eds,timeout=MS; csds=HOST:PORT,tls,"
               "timeout=MS; kuma=URL,mesh=M,dataplane=NAME,timeout=MS)";
      return false;
    }
  }
  if (first->empty() || (src.kind == Kind::kKumaCp && (src.mesh.empty() || src.dataplane.empty()))) {
    *error = key + " needs " +
             (src.kind == Kind::kDns    ? "a HOST"
              : src.kind == Kind::kCsds ? "a HOST:PORT"
              : src.kind == Kind::kAdmin ? "a URL"
                                         : "a URL, mesh=M and dataplane=NAME");
    return false;
  }
  StartLive(src);
  return true;
}

nlohmann::ordered_json App::LiveStateJson() const {
  nlohmann::ordered_json docs = nlohmann::ordered_json::array();
  for (const auto& entry : live_docs_) {
    const LiveDoc& ld = entry.second;
    nlohmann::ordered_json one = {{"path", entry.first}, {"source", SourceName(ld.src.kind)}};
    switch (ld.src.kind) {
      case Kind::kDns:
        one["host"] = ld.src.host;
        one["server"] = ld.src.server;
        break;
      case Kind::kAdmin:
        one["url"] = ld.src.url;
        one["include_eds"] = ld.src.include_eds;
        break;
      case Kind::kCsds:
        one["target"] = ld.src.target;
        one["tls"] = ld.src.tls;
        break;
      case Kind::kKumaCp:
        one["url"] = ld.src.url;
        one["mesh"] = ld.src.mesh;
        one["dataplane"] = ld.src.dataplane;
        break;
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
