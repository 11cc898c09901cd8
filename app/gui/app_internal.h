// app/gui/app_internal.h: helpers shared by the files that implement App (app*.cpp, panel_*.cpp).
// Not for views: they talk to the shell through ViewContext (views/view.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/platform/platform.h"

#ifndef CFGI_VERSION
#define CFGI_VERSION "0"
#endif

namespace cfgi::gui {

// How often the app redraws while the worker runs (the progress bar, the first evaluation's
// spinner): 4 frames a second. Each frame costs a full redraw, which under software GL takes CPU
// the evaluation needs (time to results stays within 1.3x of the CLI's).
constexpr double kProgressRedrawSeconds = 0.25;

// The width, in points at the UI scale, under which the engine view would be too narrow for its
// tables beside the side panels: the Documents panel folds by itself (App::Draw).
constexpr float kMinViewPoints = 700.0f;

// The Explanation moves under the engine view when, beside it, the view would still be under
// kMinViewPoints wide (after the Documents panel folded) and, under it, the view keeps at least
// kExplanationBelowViewRows rows of the UI's height (the policy Resource tab's bars and tabs, a
// table header and 8 rows) over the Explanation's kExplanationBelowMin points. Shorter windows
// keep it beside.
constexpr float kExplanationBelowMin = 200.0f, kExplanationBelowViewRows = 20.0f;
inline bool ExplanationBelow(float view_pts_beside, float view_rows_below) {
  return view_pts_beside < kMinViewPoints && view_rows_below >= kExplanationBelowViewRows;
}

// The file name of a path ("a/b.yaml" -> "b.yaml"); the path itself when it has no '/'.
inline std::string BaseName(const std::string& p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// The directory of a path ("a/b.yaml" -> "a"); empty when it has no '/'.
inline std::string DirName(const std::string& p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? std::string() : p.substr(0, slash);
}

// The label of the close-document shortcut: the browser keeps Ctrl+W (web: Alt+W).
inline const char* CloseKeyLabel() { return platform::BrowserOwnsTabShortcuts() ? "Alt+W" : "Ctrl+W"; }

// One card of the welcome page per engine (docs/gui.md, "Welcome page"): what the engine
// answers and its best sample (a path under samples/). The same names label File > Samples.
struct EngineCard {
  const char* engine;   // the engine's name (the samples/ directory, --engine NAME)
  const char* name;     // what a user calls it
  const char* spec;     // the specification it implements
  const char* answers;  // the question it answers
  const char* sample;   // its best sample, relative to samples/
};

inline const std::vector<EngineCard>& EngineCards() {
  static const std::vector<EngineCard> cards = {
      {"variants", "xDS variants", "xRFC TP2: dynamic parameters",
       "Which variant of each resource does a client get for the parameters it sends? Which clients are ambiguous or "
       "get nothing, and what does an update change for them?",
       "variants/first-look.scenario.yaml"},
      {"matcher", "xDS Unified Matcher", "gRFC A106: RE2 and CEL",
       "Which action does a request get, and why? Where do gRPC, Envoy and A106 disagree, and what does gRPC reject?",
       "matcher/profiles-diverge.scenario.yaml"},
      {"txt", "gRPC service config in DNS", "gRFC A2: TXT records",
       "Which service config does a client get from its _grpc_config TXT records, for its language, host and draw?",
       "txt/canary-50.scenario.yaml"},
      {"policy", "Kuma policies", "targetRef matching and merging",
       "Which policies apply to a dataplane and its outbounds, and what configuration does it end up with after merging?",
       "policy/realistic-mesh.scenario.yaml"},
      {"targeting", "CppMicroServices targeting", "Declarative Services dynamic targets",
       "Which service does each reference of a component bind to, from its manifest target and the configuration?",
       "targeting/spec_both_methods.scenario.yaml"},
  };
  return cards;
}

// The card of an engine (a samples/ directory name); null for another name.
inline const EngineCard* FindEngineCard(std::string_view engine) {
  for (const EngineCard& c : EngineCards())
    if (engine == c.engine) return &c;
  return nullptr;
}

}  // namespace cfgi::gui
