// app/gui/app.h: the Config Inspector shell (docs/gui.md): menu, sidebar of open documents,
// engine view, Explanation, Problems and Source panels, profile selector, file browser, samples,
// recent files, themes, UI scale, and the settings that restore all of it on the next start.
//
//   cfgi::gui::App app(options);
//   app.Start({"samples/variants/basic-env.scenario.yaml"});
//   platform::Run([&] { return app.Frame(); });
//   app.Save();
//
// One class; its members live in one file per part, as Tracy splits its View (TracyView_*.cpp):
//   app.cpp                construction, Start, Frame (the layout of the panels), ViewContext
//   app_settings.cpp       settings.json and imgui.ini, theme and UI scale, Recent
//   app_documents.cpp      opening, closing and activating documents, samples, evaluation on the
//                          worker, Export
//   app_menu.cpp           menu bar, profile selector, keyboard shortcuts, Help and About
//   app_link.cpp           the web permalink (LinkJson, RestoreLink) and the test hook (StateJson)
//   panel_sidebar.cpp      DOCUMENTS
//   panel_center.cpp       the title and the engine view, or the welcome screen
//   panel_explanation.cpp  EXPLANATION
//   panel_problems.cpp     PROBLEMS, F8 / Shift+F8
//   panel_source.cpp       SOURCE, Ctrl+S
//   panel_status.cpp       the status bar
//   app_live.cpp           File > Connect... (DNS, Envoy admin, CSDS, Kuma CP) / Refresh (live sources)
// app_internal.h holds the few helpers these files share.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/gui/open_document.h"
#include "app/gui/file_browser.h"
#include "app/gui/jobs.h"
#include "app/gui/source_view.h"
#include "app/gui/views/view.h"
#include "app/platform/platform.h"

namespace cfgi::gui {

struct AppOptions {
  bool save_settings = true;  // write settings on changes and at exit (off for test hooks)
  std::optional<bool> dark;   // overrides the saved theme
  std::optional<float> scale; // overrides the saved UI scale
  std::string show;           // opens a dialog at start: "help", "about", "open" (screenshots)
  std::string view;           // view state for the files named at start ("tab=2;resource=x")
  std::string engine;         // the engine for the files named at start (--engine NAME)
};

struct Sample {
  std::string path;
  std::string title;
  std::string group;  // the directory under samples/ (the engine)
};

// The four live sources File > Connect... offers (live.h).
enum class LiveKind { kDns, kAdmin, kCsds, kKumaCp };
struct LiveSource {
  LiveKind kind = LiveKind::kDns;
  std::string host, server;          // DNS
  std::string url;                   // Envoy admin, Kuma control plane
  bool include_eds = false;          // Envoy admin
  std::string target;                // CSDS: HOST:PORT
  bool tls = false;                  // CSDS
  std::string mesh, dataplane;       // Kuma control plane
  int timeout_ms = 5000;
};

class App final : public ViewContext {
 public:
  explicit App(AppOptions options);
  ~App() override;

  // Loads settings and fonts, restores the open documents, then opens `paths` (the last becomes
  // active). On the very first start without paths, shows the welcome page (one card per engine,
  // each opening its best sample).
  void Start(const std::vector<std::string>& paths);
  // Draws one frame; false when the app wants to quit.
  bool Frame();
  // True while a document is being evaluated or has an evaluation due.
  bool Busy() const;
  // Writes settings.json and imgui.ini (unless options say not to): settings.json on the worker
  // (it carries unsaved texts), or here when `wait` (at exit).
  void Save(bool wait = false);
  // The state the --dump-state hook writes: open documents, their reports (ReportJson) and the
  // rows of the Problems panel. Without `reports` (the web hook's summary()): no report, no
  // divergences, no Problems rows: for a 3.6 MB mesh the whole state is ~250 MB of JSON (692 MB
  // as --dump-state indents it), whose making took the browser build's heap to 1.9 GB of its 2 GB.
  nlohmann::ordered_json StateJson(bool reports = true) const;
  // Jobs not finished off the UI thread plus documents whose next report is being made: 0 when
  // every result is in (the web test hook's settled()).
  int PendingWork() const;
  // Test hooks (--step): applies one step of a scripted session to the active document:
  // "profile=P", "view=STATE" (a view's saved state, "tab=2"), "dataplane=NAME" (the policy
  // view's choice, a query for the worker), "type=N" (N keys typed into the Source panel, one per
  // frame), "edit=FILE\nTEXT" (FILE's text replaced, as an edit). False with `error` set for a
  // step it cannot apply.
  bool ApplyHookStep(const std::string& step, std::string* error);
  // True while a step is still acting over several frames (typing).
  bool HookStepRunning() const;
  // True when a document is open (the --step hooks of the live sources start with none).
  bool has_documents() const { return !docs_.empty(); }
  // How many evaluations' results the views have received (SyncViews): --timing reports the
  // longest frame that applied one, the UI thread's cost of an evaluation.
  uint64_t results_applied() const { return results_applied_; }
  // The web permalink (platform::WebHooks::link): every open document with the text of each of
  // its files, its profile and view state, and the active one. RestoreLink opens what such a
  // link holds beside what is open; bad JSON changes nothing.
  nlohmann::ordered_json LinkJson() const;
  void RestoreLink(const std::string& link_json);

  // What a reopened document starts with (settings.json, a permalink, --view); empty fields
  // keep the defaults.
  struct OpenState {
    std::string profile;  // a profile of the document's engine
    std::string view;     // the view's saved state, "tab=2;resource=x" (EngineView::SaveState)
    std::string engine;   // the engine the user chose (OpenDocument::SetEngine); empty: the rules
    // A saved document's files (settings.json, a permalink; ReopenSaved): which were edited, and
    // the text of each file a scenario references that the saved state holds (an edit, or a file
    // this browser cannot read again). Applied when the document is new (OpenDocument::RestoreText).
    struct RestoredFile {
      std::string path;
      std::optional<std::string> text;  // set for a referenced file
      bool edited = false;
    };
    std::vector<RestoredFile> restored;
  };
  // Opens `files` as one document (several native files form one scenario) and activates it;
  // a single file that is already open is activated instead (and reloaded when it has no
  // edits). `state` then applies to that document. Nothing happens when `files` is empty.
  // Every way of opening ends here: File > Open, drop, samples, Recent, the command line,
  // settings and permalinks.
  void OpenFiles(std::vector<platform::File> files, const OpenState& state = {});
  // The documents `files` opened together make: groups by engine (GroupFiles), or one. Parses
  // every file, so OpenPaths and OpenDropped call it on a worker; thread-safe (static).
  static std::vector<std::vector<platform::File>> GroupedForOpening(std::vector<platform::File> files, const OpenState& state);
  // Files dropped or picked together: grouped into documents (GroupFiles reads each file: the YAML
  // parse of a 3.6 MB mesh is 1.6 s in the browser) on the worker, each group then opened by OpenGroup.
  void OpenDropped(std::vector<platform::File> files);
  // OpenFiles for files known to be one document (grouped already).
  void OpenGroup(std::vector<platform::File> files, const OpenState& state);
  // Reads and groups `paths` on a worker (GroupedForOpening), then opens each group. A path that cannot be read is
  // named in the status bar and leaves Recent; when none can be read nothing opens.
  void OpenPaths(const std::vector<std::string>& paths, const OpenState& state = {});

  // ViewContext
  const OpenDocument& document() const override { return *docs_[static_cast<size_t>(active_)].doc; }
  void SelectExplanation(const doc::Step* step) override;
  const doc::Step* selected_explanation() const override { return selected_step_; }
  void JumpTo(const std::string& file, doc::SourceRange range) override;
  void Ask(Query q) override;
  void Run(Job job) override;
  bool dark_theme() const override { return dark_; }
  bool ReplaceText(const std::string& file, std::string text) override;

 private:
  struct Open {
    std::shared_ptr<OpenDocument> doc;  // shared with a running evaluation's completion
    std::unique_ptr<EngineView> view;
    std::string view_engine;  // engine the view was made for
    uint64_t seen_generation = 0;
    // View state restored from settings, a permalink or --view, applied again when the first
    // evaluation swaps the generic view for the engine's view (else the saved tab is lost).
    std::string restored_view;
  };

  // app_settings.cpp
  void LoadSettings();
  static OpenState SavedOpenState(const nlohmann::json& saved);
  // Reopens one document of settings.json or a permalink: {"files": [{"path", "text", "edited"}],
  // "opened": N (the first N files were opened, the others a scenario references; default
  // `default_opened`, all when negative), "profile", "view", "engine"}. An opened file without
  // "text" is read from the platform; a referenced one without it is read by the scenario.
  void ReopenSaved(const nlohmann::json& saved, long default_opened, bool fetch = true);
  // `texts`: with the unsaved texts (else empty strings in their place, for a cheap signature).
  // The settings as saved. Unsaved texts: with `texts` null their "text" is empty; else each is
  // left empty too and its SharedText appended to *texts in document and file order (the worker
  // fills them in: FillSettingsTexts), so the UI thread never copies a text.
  nlohmann::json SettingsJson(std::vector<SharedText>* texts = nullptr) const;
  void ApplyStyle();
  void RequestFontRebuild();
  void AddRecent(const std::string& path);
  // The per-document "Hide dead-configuration lints" switch (Documents' context menu, the
  // Problems panel's "n suppressed"): sets it on the document and remembers it for the
  // document's path in settings.json ("hide_dead_lints": the paths with it on), so the document
  // opens with it again (OpenFiles), after a restart or a close.
  void SetHideDeadLints(OpenDocument& d, bool on);
  static std::string DocumentKey(const std::string& path);  // the path as settings keep it
  // app_documents.cpp
  void ShowOpenDialog();
  void ScanSamples();
  // The sample under samples/ whose path ends with `rel` ("txt/canary-50.scenario.yaml"); null
  // when there is none.
  const Sample* FindSample(const std::string& rel) const;
  void CloseDocument(int i);
  void Activate(int i);
  void SyncViews();
  void StartEvaluation(Open& o);
  static std::string EvaluationKey(const OpenDocument& d);
  void ExportResult();
  // app_menu.cpp
  void Shortcuts();
  void DrawMenuBar();
  void DrawProfileSelector();
  // The engine switch's items (Documents list's "Read as" menu, the top bar's engine combo):
  // "automatic" and every engine; choosing one re-evaluates the document with it.
  void DrawEngineChoices(OpenDocument* d);
  void DrawHelp();
  void DrawAbout();
  // app_live.cpp: live sources (app/live/live.h), fetched as a job on a thread of its own.
  void DrawLiveMenuItems();
  void DrawLiveDialogs();
  // Starts the lookup or fetch as the job "live" (a running one is cancelled); `replaces` names
  // the live document it refreshes. The answer opens as a document (FinishLive).
  void StartLive(const LiveSource& src, const std::string& replaces = "");
  // Opens a live answer's document, or refreshes the open one of that name in place; returns its path.
  std::string PutLiveDocument(platform::File file, std::vector<platform::File> more, const OpenState& state);
  void RefreshLive();
  void CancelLive();
  // The --step hooks of the live sources: "lookup=HOST[,server=IP:PORT][,timeout=MS]",
  // "admin=URL[,include_eds][,timeout=MS]", "csds=HOST:PORT[,tls][,timeout=MS]",
  // "kuma=URL,mesh=M,dataplane=NAME[,timeout=MS]", "refresh", "cancel". False with `error` set when
  // the step is not one of them or is malformed; `*mine` says whether it was.
  bool ApplyLiveStep(const std::string& key, const std::string& value, bool* mine, std::string* error);
  // --dump-state "live": the live documents (how each was fetched, how often, what DNS or the
  // admin said), the running job and the cancelled count.
  nlohmann::ordered_json LiveStateJson() const;
  struct LiveForm {
    bool show = false, include_eds = false, tls = false;
    int kind = 0;  // LiveKind
    int timeout_for = -1;  // the kind timeout_ms was set for (each kind's default when it changes)
    char host[256] = "", server[96] = "", url[512] = "http://127.0.0.1:9901";
    char target[256] = "localhost:50051", cp_url[512] = "http://127.0.0.1:5681", mesh[128] = "default",
         dataplane[256] = "";
    int timeout_ms = 5000;
  };
  LiveForm live_form_;
  struct LiveDoc {
    LiveSource src;
    nlohmann::ordered_json info;  // the last answer's live::LiveResult::info
    std::vector<std::string> codes;  // its LIVE diagnostics' codes
    int fetches = 0;
  };
  std::map<std::string, LiveDoc> live_docs_;  // document path ("dns:...") -> how to fetch it again
  struct LiveRun {
    bool running = false;
    std::string what;  // "_grpc_config.HOST at SERVER", "GET URL"
    double started = 0;
    int timeout_ms = 0;
  };
  LiveRun live_run_;
  int live_cancelled_ = 0;
  // panel_*.cpp, one per panel
  void FoldedStrip(const char* id, bool vertical, const char* label, const char* tip, bool* show);
  void DrawSidebar();
  void DrawCenter();
  // App::Frame's stages (app.cpp).
  struct FrameLayout;
  void BeginFrame();
  FrameLayout LayOut();
  void DrawTopRow(const FrameLayout& L);
  void DrawBottomRow(const FrameLayout& L);
  void DrawWelcome();
  void DrawExplanation();
  void DrawStep(const doc::Step& s, int depth);
  void DrawSteps(const std::vector<doc::Step>& steps, int depth);  // runs of one outcome folded
  // The Explanation panel as --dump-state reports it: the selected step, the path to the step
  // that decided it, and the top-level rows (folded runs as one row).
  nlohmann::ordered_json ExplanationJson() const;
  void DrawProblems();
  void DrawProblemFilters(OpenDocument* d, const ProblemCounts& counts);
  void DrawProblemGroupRow(const ProblemGroup& g, size_t gi, const std::vector<doc::Diagnostic>& diags);
  void DrawProblemRow(const doc::Diagnostic& x, int i, bool member);
  void NextProblem(int dir);
  static std::string GroupKey(const ProblemGroup& g);
  // The Problems panel's rows as --dump-state reports them: one per code and file, with its count.
  nlohmann::ordered_json ProblemGroupsJson() const;
  void DrawSource();
  void SaveSource();
  void DrawStatusBar();
  void DrawJobsProgress();

  OpenDocument* active_doc() { return active_ >= 0 ? docs_[static_cast<size_t>(active_)].doc.get() : nullptr; }

  AppOptions options_;
  std::vector<Open> docs_;
  int active_ = -1;
  const doc::Step* selected_step_ = nullptr;
  // The Explanation panel: the step it last showed, the path to its deciding step, and whether
  // the tree still has to open that path (once per new selection).
  const doc::Step* explained_ = nullptr;
  std::string explained_key_;
  std::vector<const doc::Step*> deciding_;
  bool reveal_deciding_ = false;
  std::vector<Sample> samples_;
  // The welcome page (panel_center.cpp): shown when nothing is open, or over the open documents
  // after File > Welcome page until a document is opened or activated. Its cards' rectangles as
  // last drawn (screen pixels), for the test hook (StateJson "welcome").
  bool welcome_ = false;
  bool started_ = false;  // Start() has run: OpenPaths reads off the UI thread from then on
  // A panel the window has no room for folds by itself (app.cpp): the Problems and Source panels
  // in a short window, the Documents panel in a narrow one, unless the user unfolded it there
  // (`kept`, until the window crosses the line again). The user's saved choice is not changed.
  struct AutoFold {
    bool tight = false, kept = false;
    bool Update(bool now) {  // true: folded by the rule
      if (now != tight) tight = now, kept = false;
      return tight && !kept;
    }
  };
  AutoFold short_window_, narrow_window_;
  bool bottom_auto_folded_ = false, sidebar_auto_folded_ = false;
  bool BottomShown() const { return show_bottom_ && !maximized_ && !bottom_auto_folded_; }
  bool SidebarShown() const { return show_sidebar_ && !maximized_ && !sidebar_auto_folded_; }
  void ShowBottom(bool on);
  void ShowSidebar(bool on);
  struct WelcomeCard {
    std::string engine, sample, sample_title;
    float x = 0, y = 0, w = 0, h = 0;
  };
  std::vector<WelcomeCard> welcome_cards_;
  std::vector<std::string> sample_dirs_;
  std::vector<std::string> recent_;
  std::set<std::string> hide_dead_lints_;  // DocumentKey of the documents whose switch is on
  SourceView source_view_;
  FileBrowser browser_;

  bool dark_ = true;
  float ui_scale_ = 1.0f;
  float applied_scale_ = 0;  // the scale fonts were last built at
  bool fonts_pending_ = false;
  // Layout, in unscaled pixels, saved in settings.json.
  float sidebar_w_ = 230, right_w_ = 330, bottom_h_ = 290, problems_w_ = 560;
  // The Explanation's height when it sits under the engine view (ExplanationBelow), and whether
  // it does in this frame.
  float below_h_ = 260;
  bool explanation_below_ = false;
  // Panels folded away (header button, View menu; saved) and the engine view maximised (F11; not
  // saved). A folded panel leaves a thin strip that brings it back.
  bool show_sidebar_ = true, show_explanation_ = true, show_bottom_ = true;
  bool maximized_ = false;
  bool description_open_ = false;  // the scenario description in full (else one line)
  float center_px_[2] = {0, 0};  // the engine view's size in the last frame (--dump-state "layout")
  bool show_help_ = false, show_about_ = false;
  bool quit_ = false;
  bool first_start_ = true;
  int selected_problem_ = -1;
  bool problem_filter_[3] = {true, true, true};
  std::set<std::string> open_problem_groups_;  // GroupKey of the Problems panel's open groups
  std::string status_;
  double status_until_ = 0;
  double last_save_ = 0;
  std::string last_saved_settings_, last_saved_ini_;
  // Saved documents waiting for their samples to be fetched (ReopenSaved, web): the session is not
  // saved meanwhile, or it would be saved without them.
  int reopening_ = 0;
  double last_text_save_ = 0;  // when settings.json last carried the unsaved texts
  uint64_t results_applied_ = 0;
  Jobs jobs_;  // every job off the UI thread (evaluations, views' jobs): jobs.h
};

}  // namespace cfgi::gui
