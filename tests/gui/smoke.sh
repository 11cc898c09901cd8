#!/usr/bin/env bash
# Desktop smoke tests of config-inspector under Xvfb (run by ctest, label gui).
#   smoke.sh screenshot APP PNG_CHECK SOURCE_DIR OUT_DIR
#       renders the first screen (the welcome page: a fresh settings directory, no file) for some
#       frames, writes a PNG and checks it is not blank; UPDATE_SCREENSHOT=1 copies it to
#       docs/screenshot.png (SCREENSHOT_SAMPLE=FILE renders that file instead).
#   smoke.sh restore APP SOURCE_DIR OUT_DIR
#       opens two files, quits, starts again without arguments and checks (--dump-state) that
#       both documents, the active one and the theme came back from settings.json; then that a
#       document's "Hide dead-configuration lints" comes back after a restart and a reopen.
#   smoke.sh views APP PNG_CHECK SOURCE_DIR OUT_DIR
#       renders one sample per engine that has a dedicated view (variants, policy, txt) and checks
#       each PNG is not blank, so a view that crashes or draws nothing fails; then chosen tabs
#       (--view STATE): the variants view's Transition and Caching proxy tabs, the matcher view's
#       Tree and CEL editor tabs (one with a CEL005 underlined), each PNG checked and the view
#       state checked through --dump-state; the policy view's Resource tab (one resource,
#       everything it gets) at 1440x900 and at 1024x700 with --scale 1.5, its tree, chips,
#       overrides, defaults and kuma/madr differences checked through --dump-state.
#   smoke.sh broken APP SOURCE_DIR OUT_DIR
#       opens a broken JSON file and checks, through --dump-state, that the Problems panel shows
#       DOC002 at 2:13 (and that the report carries it too).
set -euo pipefail
mode=$1; shift
run_xvfb() { xvfb-run -a -s '-screen 0 1280x800x24' "$@"; }

case "$mode" in
  screenshot)
    app=$1 check=$2 src=$3 out=$4
    rm -rf "$out/first-settings"; mkdir -p "$out/first-settings"
    # The README's picture: what a first start shows (the welcome page), or SCREENSHOT_SAMPLE.
    run_xvfb "$app" --settings-dir "$out/first-settings" --size 1280x800 --frames 8 --screenshot "$out/screenshot.png" \
      ${SCREENSHOT_SAMPLE:+"$SCREENSHOT_SAMPLE"}
    "$check" "$out/screenshot.png" 64 1280 800
    if [[ "${UPDATE_SCREENSHOT:-}" == 1 ]]; then
      cp "$out/screenshot.png" "$src/docs/screenshot.png"
      echo "updated docs/screenshot.png"
    fi
    ;;
  views)
    app=$1 check=$2 src=$3 out=$4
    mkdir -p "$out/views-settings"
    for sample in variants/overlapping-or-values policy/madr-kind-beats-name txt/canary-50; do
      png="$out/view-${sample%%/*}.png"
      run_xvfb "$app" --settings-dir "$out/views-settings" --size 1280x800 --frames 8 --screenshot "$png" \
        "$src/samples/$sample.scenario.yaml"
      "$check" "$png" 64 1280 800
      echo "view of $sample rendered: $png"
    done
    # ENGINE|SAMPLE|STATE: the variants view's Transition tab (4) on a split transition, as sent and
    # as two responses with the new variants first (delivery=2), and its Caching proxy tab (5) on
    # the snapshot; the matcher view's Tree tab (1, marks for the edited request) and CEL editor
    # tab (4) on a sample with CEL predicates and on one whose predicate has an A106 error
    # (CEL005); the targeting view with its second reference selected (ref=1). The state each was
    # opened in must survive the swap to the engine view.
    for spec in "variants|samples/variants/transition-two-responses|tab=4" \
                "variants|samples/variants/transition-steps|tab=4;delivery=2" \
                "variants|samples/variants/realistic-snapshot|tab=5" \
                "matcher|samples/matcher/cel-authoring|tab=1" "matcher|samples/matcher/cel-authoring|tab=4" \
                "matcher|tests/gui/data/cel-error|tab=4" \
                "targeting|samples/targeting/storage_registry|ref=1"; do
      IFS='|' read -r engine sample state <<<"$spec"
      name=$(basename "$sample")
      png="$out/view-$engine-$name-${state//;/-}.png"
      run_xvfb "$app" --settings-dir "$out/views-settings" --size 1280x800 --frames 8 --view "$state" \
        --screenshot "$png" --dump-state "$out/views-state.json" "$src/$sample.scenario.yaml"
      "$check" "$png" 64 1280 800
      python3 - "$out/views-state.json" "$engine" "$state" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); engine = sys.argv[2]; want = sys.argv[3].split(";")
doc = s["documents"][s["active"]]
assert doc["engine"] == engine and doc["view"] == engine, (doc["engine"], doc["view"])
got = doc["view_state"].split(";")
assert all(w in got for w in want), f"view state {doc['view_state']!r} lacks {want}"
PY
      echo "$engine view $state on $sample rendered: $png"
    done
    # The answer and its "why": SIZE|SCALE|SAMPLE|STATE|CHECK. Each run dumps the state
    # and tests/gui/why_check.py CHECK asserts on it: the Explanation panel shows the selected
    # row's explanation, led by its deciding step, with runs of one outcome folded; every count
    # agrees with the rows it counts; repeated findings are one group; at 1024x700 and at scale
    # 1.5 the engine view has room for 8 table rows.
    for spec in "1024x700|1|samples/matcher/list-1000|tab=0;req=2|matcher-large" \
                "1440x900|1|samples/matcher/profiles-diverge|tab=2|matcher-profiles" \
                "1024x700|1.5|samples/variants/transition-two-responses|tab=4|variants-transition" \
                "1440x900|1|samples/variants/transition-steps|tab=4;delivery=2|variants-transition" \
                "1440x900|1|samples/variants/overlapping-or-values|tab=2|variants-findings" \
                "1024x700|1.5|samples/txt/canary-50|tab=0|txt-choice" \
                "1440x900|1|samples/targeting/storage_registry|ref=1|targeting-reference" \
                "1024x700|1|tests/gui/data/broken.json|tab=0|generic"; do
      IFS='|' read -r size scale sample state why <<<"$spec"
      name=$(basename "$sample")
      png="$out/why-$why-$name-$size-$scale.png"
      file="$src/$sample"; [[ -f "$file" ]] || file="$src/$sample.scenario.yaml"
      run_xvfb "$app" --settings-dir "$out/views-settings" --size "$size" --scale "$scale" --frames 8 --view "$state" \
        --screenshot "$png" --dump-state "$out/why-state.json" "$file"
      w=${size%x*} h=${size#*x}
      "$check" "$png" 64 "$w" "$h"
      python3 "$src/tests/gui/why_check.py" "$out/why-state.json" "$why"
      echo "why: $why on $sample at $size scale $scale: $png"
    done

    # Layout: every engine view's main table (view_shows.table: the rows its visible
    # body holds, measured where it is drawn) shows at least 8 rows at 1024x700 and at UI scale
    # 1.5 (1440x900): the matcher's Requests, each variants tab's table, the txt Choices, the
    # policy merge stack and a type's Resources, the targeting References, the generic Result; the
    # txt Records and Config tables too (their columns: every table of the tab is held to its
    # headers' widths). (The matcher Profiles tab's requests table lists the few requests that
    # differ under the table of other differing answers: its columns are held by gui_views_test's
    # ColumnsFitHeaders at these sizes.)
    # At 1024x700 and scale 1.5 together the window is too short and too narrow for everything: the
    # Problems and Source panels fold to their strip by themselves (layout.bottom false). At all
    # three the engine view would fall under 700 points beside the Documents and Explanation
    # panels (464 at 1024x700, 400 at scale 1.5): the Documents panel folds (layout.documents false).
    for size in "1024x700 1" "1440x900 1.5" "1024x700 1.5"; do
      read -r wh scale <<<"$size"
      for spec in "samples/matcher/profiles-diverge|tab=0" "samples/variants/first-look|tab=0" \
                  "samples/variants/first-look|tab=1" "samples/variants/overlapping-or-values|tab=2" \
                  "samples/variants/basic-env|tab=3" "samples/variants/transition-two-responses|tab=4" \
                  "samples/variants/realistic-snapshot|tab=5" "samples/txt/canary-50|tab=0" \
                  "samples/txt/canary-50|tab=1" "samples/txt/canary-50|tab=6" \
                  "samples/policy/inspect-one-resource|mode=resource;pane=stack" \
                  "samples/policy/inspect-one-resource|mode=types;type=MeshTimeout;tab=0" \
                  "samples/targeting/storage_registry|ref=0" "tests/gui/data/broken.json|tab=0"; do
        IFS='|' read -r sample state <<<"$spec"
        file="$src/$sample"; [[ -f "$file" ]] || file="$src/$sample.scenario.yaml"
        png="$out/room-$(basename "$sample")-${state//[;=]/-}-$wh-$scale.png"
        xvfb-run -a -s "-screen 0 ${wh}x24" "$app" --settings-dir "$out/views-settings" --size "$wh" --scale "$scale" \
          --frames 8 --view "$state" --screenshot "$png" --dump-state "$out/room-state.json" "$file"
        python3 "$src/tests/gui/why_check.py" "$out/room-state.json" table-room
        python3 - "$out/room-state.json" "$wh" "$scale" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
short = sys.argv[2] == "1024x700" and sys.argv[3] == "1.5"
lay = s["layout"]
assert lay["bottom"] == (not short) and lay["bottom_folded_short_window"] == short, (sys.argv[2:], lay)
assert not lay["documents"] and lay["documents_folded_narrow_window"], (sys.argv[2:], lay)
assert lay["explanation"] and not lay["explanation_below"], (sys.argv[2:], lay)
PY
      done
    done

    # The policy view at 1024x700 x1.5 and at 1440x900: no column of a table needed to read the
    # answer narrower than its header (the Profiles tree, with its 8 rows; the Items, Inbound /
    # proxy, Selection and Schema tabs; the merge stack and Resources are checked above), and the
    # merge stack under the merged tree exactly when beside would leave either too narrow for what
    # it holds (by content width): under at 1024x700 x1.5, beside at 1440x900.
    for size in "1024x700 1.5" "1440x900 1"; do
      read -r wh scale <<<"$size"
      for spec in "samples/policy/profiles-diverge|mode=types;type=MeshTimeout;tab=4|table-room" \
                  "samples/policy/profiles-diverge|mode=types;type=MeshTimeout;tab=2|columns" \
                  "samples/policy/kuma-2.14-mesh|mode=types;type=MeshTrafficPermission;tab=1|columns" \
                  "samples/policy/profiles-diverge|mode=types;type=MeshTimeout;tab=3|columns" \
                  "samples/policy/profiles-diverge|mode=types;type=MeshTimeout;tab=5|columns" \
                  "samples/policy/inspect-one-resource|mode=resource;pane=stack|stack"; do
        IFS='|' read -r sample state what <<<"$spec"
        [[ "$what" == stack ]] && { [[ "$wh" == 1024x700 ]] && what=stack-under || what=stack-beside; }
        png="$out/policy-$(basename "$sample")-${state//[;=]/-}-$wh-$scale.png"
        xvfb-run -a -s "-screen 0 ${wh}x24" "$app" --settings-dir "$out/views-settings" --size "$wh" --scale "$scale" \
          --frames 8 --view "$state" --screenshot "$png" --dump-state "$out/policy-room-state.json" "$src/$sample.scenario.yaml"
        python3 "$src/tests/gui/why_check.py" "$out/policy-room-state.json" "$what"
      done
    done

    # Narrow but tall (half of a 1920x1080 screen beside an editor): the Explanation moves under
    # the engine view, which gets the window's width, and the view's tables keep their 8 rows; at
    # scale 1.5 the same window is too short for both and it stays beside.
    # (pane=stack: where the policy Resource tab is too short for the merge stack under the tree
    # and too narrow beside it, the stack is shown in its place: its table is the one measured.)
    for spec in "samples/policy/kuma-2.14-mesh|mode=resource;pane=stack" "samples/matcher/profiles-diverge|tab=0"; do
      IFS='|' read -r sample state <<<"$spec"
      for scale in 1 1.5; do
        png="$out/below-$(basename "$sample")-$scale.png"
        xvfb-run -a -s "-screen 0 960x1080x24" "$app" --settings-dir "$out/views-settings" --size 960x1080 --scale "$scale" \
          --frames 8 --view "$state" --screenshot "$png" --dump-state "$out/below-state.json" "$src/$sample.scenario.yaml"
        python3 "$src/tests/gui/why_check.py" "$out/below-state.json" table-room
        python3 - "$out/below-state.json" "$scale" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
lay, below = s["layout"], sys.argv[2] == "1"
assert lay["explanation"] and lay["explanation_below"] == below, (sys.argv[2], lay)
assert (lay["engine_view"][0] > 900) == below, (sys.argv[2], lay)
PY
      done
    done

    # The first screen: a fresh settings directory and no file show the welcome page, one card
    # per engine in order, each naming the sample it opens (which exists and has a title), at
    # 1440x900, 1024x700 and scale 1.5; every card lies inside the window's width. File > Samples lists
    # titles grouped by engine in the cards' order.
    for size in "1440x900 1" "1024x700 1" "1440x900 1.5"; do
      read -r wh scale <<<"$size"
      rm -rf "$out/welcome-settings"; mkdir -p "$out/welcome-settings"
      png="$out/view-welcome-$wh-$scale.png"
      xvfb-run -a -s "-screen 0 ${wh}x24" "$app" --settings-dir "$out/welcome-settings" --size "$wh" --scale "$scale" \
        --frames 8 --screenshot "$png" --dump-state "$out/welcome-state.json"
      "$check" "$png" 64 "${wh%x*}" "${wh#*x}"
      python3 - "$out/welcome-state.json" "$src" "$wh" <<'PY'
import json, os, sys
s = json.load(open(sys.argv[1])); src = sys.argv[2]; w, h = map(int, sys.argv[3].split("x"))
assert s["documents"] == [] and s["active"] == -1, "a first start opens no document"
wel = s["welcome"]
assert wel["shown"] is True, wel
# Nothing open: no empty panel beside the welcome page (nor a strip), the page has the window.
lay = s["layout"]
assert not lay["documents"] and not lay["explanation"] and not lay["bottom"], lay
assert lay["engine_view"][0] >= w - 2, (lay["engine_view"], w)
engines = [c["engine"] for c in wel["cards"]]
assert engines == ["variants", "matcher", "txt", "policy", "targeting"], engines
want = {"variants": "samples/variants/first-look.scenario.yaml", "matcher": "samples/matcher/profiles-diverge.scenario.yaml",
        "txt": "samples/txt/canary-50.scenario.yaml", "policy": "samples/policy/realistic-mesh.scenario.yaml",
        "targeting": "samples/targeting/spec_both_methods.scenario.yaml"}
for c in wel["cards"]:
    assert c["sample"].endswith(want[c["engine"]]) and os.path.isfile(c["sample"]), c
    assert c["sample_title"] and not c["sample_title"].endswith(".scenario"), c
    assert c["answers"].endswith("?"), c
    x, y, cw, ch = c["rect"]
    # Across: inside the window; down: the welcome page scrolls when the cards do not all fit.
    assert 0 <= x and x + cw <= w + 1 and cw > 150 and ch > 60, (c["engine"], c["rect"], w, h)
assert wel["cards"][0]["sample_title"] == "TP2: a route per environment (canonical textproto)", wel["cards"][0]
groups = []
for x in s["samples"]:
    if not groups or groups[-1] != x["group"]: groups.append(x["group"])
assert groups == ["variants", "matcher", "txt", "policy", "targeting", "document"], groups
titles = [x["title"] for x in s["samples"] if x["group"] == "txt"]
assert "A 50% canary" in titles and titles == sorted(titles), titles
print("welcome page:", sys.argv[3], [c["rect"] for c in wel["cards"]])
PY
    done
    # One click on a card opens its sample: the variants card's sample is clean (no diagnostic)
    # and opens in the variants view.
    run_xvfb "$app" --settings-dir "$out/views-settings" --size 1280x800 --frames 5 --dump-state "$out/first-look.json" \
      "$src/samples/variants/first-look.scenario.yaml"
    python3 - "$out/first-look.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); doc = s["documents"][s["active"]]
assert doc["view"] == "variants" and doc["report"]["diagnostics"] == [] and s["problems"] == [], doc["report"]["diagnostics"]
assert s["welcome"]["shown"] is False
PY
    # File > Open lists a scenario's title and engine (the dialog starts in the document's directory).
    run_xvfb "$app" --settings-dir "$out/views-settings" --size 1280x800 --frames 5 --show open \
      --dump-state "$out/open-dialog.json" "$src/samples/txt/canary-50.scenario.yaml"
    python3 - "$out/open-dialog.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["open_dialog"]
assert d["open"] and d["dir"].endswith("samples/txt"), d["dir"]
row = next(e for e in d["entries"] if e["name"] == "canary-50.scenario.yaml")
assert row == {"name": "canary-50.scenario.yaml", "dir": False, "title": "A 50% canary", "engine": "txt"}, row
zone = next(e for e in d["entries"] if e["name"] == "canary-50.zone")
assert "title" not in zone and "engine" not in zone, zone
PY
    echo "welcome page, File > Samples and the Open dialog checked"

    # txt (samples/txt/canary-50, draw r = 50): the client bar's values, the Choices grid in
    # words, and the Config tab's tree per profile: grpc-core's 50% canary (rand()%100 <= 50)
    # takes choice 0 (timeout 1s), grpc-java and grpc-go choice 1 (5s).
    run_xvfb "$app" --settings-dir "$out/views-settings" --size 1024x700 --frames 8 --view "tab=6" \
      --screenshot "$out/view-txt-config-1024x700.png" --dump-state "$out/txt-config.json" "$src/samples/txt/canary-50.scenario.yaml"
    "$check" "$out/view-txt-config-1024x700.png" 64 1024 700
    python3 - "$out/txt-config.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); doc = s["documents"][s["active"]]
assert doc["view"] == "txt" and doc["view_state"] == "tab=6", (doc["view"], doc["view_state"])
v = doc["view_shows"]
# The client bar also says whether the selected profile's implementation queries TXT by default.
assert v["client"] == {"language": "", "hostname": "", "draw": 50, "edited": False, "pending": False,
                       "lookup": {"profile": "grpc-core", "queried_by_default": False}}, v["client"]
assert v["choices"]["grpc-core"] == ["selected, language absent, hostname absent, percentage passes, service config passes",
                                    "not reached"], v["choices"]["grpc-core"]
assert v["choices"]["grpc-go"] == ["skipped, language absent, percentage fails, hostname not reached, service config not reached",
                                  "selected, language absent, percentage absent, hostname absent, service config passes"], v["choices"]["grpc-go"]
tree = lambda t: ["serviceConfig: {2 keys}", '  loadBalancingPolicy: "round_robin"', "  methodConfig: [1 item]",
                  "    [0]: {2 keys}", "      name: [1 item]", "        [0]: {1 key}", '          service: "echo.Echo"',
                  f'      timeout: "{t}"']
assert v["config"]["grpc-core"] == {"outcome": "\u2713 choice 0", "tree": tree("1s")}, v["config"]["grpc-core"]
assert v["config"]["grpc-java"]["tree"] == tree("5s") and v["config"]["grpc-go"]["tree"] == tree("5s"), v["config"]
PY
    echo "txt view: client bar, Choices in words, Config tree per profile"

    # The edited client (draw r = 10, as typed in the client bar) is evaluated by the worker
    # (txt::EvaluateClientEveryProfile): every profile now takes the canary, timeout 1s.
    run_xvfb "$app" --settings-dir "$out/views-settings" --size 1024x700 --frames 8 --view "tab=6;draw=10" \
      --dump-state "$out/txt-edited.json" "$src/samples/txt/canary-50.scenario.yaml"
    python3 - "$out/txt-edited.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); v = s["documents"][s["active"]]["view_shows"]
assert v["client"]["draw"] == 10 and v["client"]["edited"] is True and v["client"]["pending"] is False, v["client"]
for p in ("grpc-core", "grpc-java", "grpc-go"):
    assert v["config"][p]["outcome"] == "\u2713 choice 0" and v["config"][p]["tree"][-1] == '      timeout: "1s"', (p, v["config"][p])
PY
    echo "txt view: the edited client evaluated on the worker"

    # variants (first-look): the builder offers env's declared values; the third subscription
    # ({env=prod, zone=eu-1}) selected through the state (sub=2) is explained: variant 0 holds.
    run_xvfb "$app" --settings-dir "$out/views-settings" --size 1440x900 --scale 1.5 --frames 8 --view "tab=1;sub=2" \
      --screenshot "$out/view-variants-subs-scale1.5.png" --dump-state "$out/variants-subs.json" \
      "$src/samples/variants/first-look.scenario.yaml"
    "$check" "$out/view-variants-subs-scale1.5.png" 64 1440 900
    python3 - "$out/variants-subs.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); doc = s["documents"][s["active"]]
v = doc["view_shows"]
assert v["known"] == {"env": ["prod", "test"]}, v["known"]
assert [r["variant"] for r in v["subscriptions"]] == ["match: variant 0", "match: variant 1", "match: variant 0"], v["subscriptions"]
assert v["selected"] == 2 and "sub=2" in doc["view_state"].split(";"), (v["selected"], doc["view_state"])
e = v["explanation"]
assert e["what"].endswith("subscribes to route-config") and "zone=eu-1" in e["what"], e
assert e["detail"] == "match: variant 0", e
assert len(e["steps"]) == 2 and e["steps"][0].startswith("variant 0: ") and e["steps"][1].startswith("variant 1: "), e
PY
    echo "variants view: known keys, a selected subscription and its explanation"
    # The policy view explains from the start: opened with no view state, the
    # first value a policy set is selected and the Explanation names the policy and rule that set
    # it (the deciding step), as the other views start with their first row's explanation.
    run_xvfb "$app" --settings-dir "$out/policy-first-settings" --frames 8 --dump-state "$out/policy-first.json" \
      "$src/samples/policy/inspect-one-resource.scenario.yaml"
    python3 - "$out/policy-first.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
e = s["explanation"]
assert e["selected"], e
assert e["what"].startswith("MeshHTTPRoute /rules/0/default/backendRefs = "), e["what"]
assert e["detail"] == "set by backend-v2 to[0]; #0 of 1 in the merge stack", e["detail"]
assert e["deciding"] == [{"what": "decided by backend-v2 to[0]", "outcome": "matched"}], e["deciding"]
PY
    echo "policy view: the first value's explanation is selected on opening"
    # The policy view's Resource tab, on samples/policy/inspect-one-resource:
    # (1) the scenario's inputs.inspect (backend's http section) with a leaf restored: the tree's
    # leaves with the item that set each (chips), the values they overrode, Kuma's default
    # weight, and kuma vs madr differing on requestTimeout (2s vs 5s); (2) another resource
    # chosen (view state res=KEY): the view asks the worker (--inspect KEY) and the report follows.
    for spec in "1440x900|1|mode=resource;leaf=MeshTimeout:/http/requestTimeout|meshservice:mesh/default:name/backend:section/http" \
                "1024x700|1.5|mode=resource;res=meshservice:mesh/default:name/backend|meshservice:mesh/default:name/backend"; do
      IFS='|' read -r size scale state key <<<"$spec"
      png="$out/view-policy-inspect-$size.png"
      run_xvfb "$app" --settings-dir "$out/views-settings" --size "$size" --scale "$scale" --frames 8 --view "$state" \
        --screenshot "$png" --dump-state "$out/policy-inspect-state.json" \
        "$src/samples/policy/inspect-one-resource.scenario.yaml"
      "$check" "$png" 64 "${size%x*}" "${size#*x}"
      python3 - "$out/policy-inspect-state.json" "$state" "$key" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); want = sys.argv[2].split(";"); key = sys.argv[3]
doc = s["documents"][s["active"]]
assert doc["engine"] == "policy" and doc["view"] == "policy", (doc["engine"], doc["view"])
got = doc["view_state"].split(";")
assert all(w in got for w in want), f"view state {doc['view_state']!r} lacks {want}"
assert "res=" + key in got, f"view state {doc['view_state']!r} does not name {key}"
res = doc["report"]["result"]
insp = res["inspect"]
assert insp["key"] == key, insp["key"]
pol = insp["policies"]
assert sorted(pol) == ["MeshHTTPRoute", "MeshRetry", "MeshTimeout"], sorted(pol)
def field(kind, path):
    f = [x for x in pol[kind]["fields"] if x["path"] == path]
    assert len(f) == 1, (kind, path, pol[kind]["fields"])
    return f[0]
# Chips: who set each leaf; overrides: what it beat, oldest first; defaults marked.
w = field("MeshHTTPRoute", "/rules/0/default/backendRefs/0/weight")
assert w["policy"] == "backend-v2" and w["ruleIndex"] == 0 and w.get("kind") == "default", w
rt = field("MeshTimeout", "/http/requestTimeout")
divs = {d["path"]: d["values"] for d in doc["divergences"]}
insp_divs = {p: v for p, v in divs.items() if p.startswith("/inspect/")}
if key.endswith(":section/http"):
    assert pol["MeshTimeout"]["conf"]["http"]["requestTimeout"] == "2s"
    # The section has no MeshRetry rule of its own: it falls back to the service's.
    assert pol["MeshRetry"]["computedFrom"] == "meshservice:mesh/default:name/backend", pol["MeshRetry"]
    assert (rt["policy"], rt["ruleIndex"], rt["line"]) == ("z-backend-http", 0, 70), rt
    assert [(o["policy"], o["value"]) for o in rt["overrode"]] == [("mesh-timeouts", "15s"), ("backend-timeouts", "5s")], rt
    d = insp_divs.get("/inspect/policies/MeshTimeout/conf/http/requestTimeout")
    # Every Kuma release agrees (2s); the MADR's sort gives 5s.
    assert d == {"kuma-2.14": "2s", "kuma-2.13": "2s", "kuma-2.10": "2s", "kuma-3.0-preview": "2s", "madr": "5s"}, insp_divs
else:
    assert pol["MeshTimeout"]["conf"]["http"]["requestTimeout"] == "5s"
    assert (rt["policy"], rt["ruleIndex"]) == ("backend-timeouts", 0), rt
    assert [(o["policy"], o["value"]) for o in rt["overrode"]] == [("mesh-timeouts", "15s")], rt
    assert "/inspect/policies/MeshTimeout/conf/http/requestTimeout" not in insp_divs, insp_divs
# The default weight is kuma's only: madr merges what is written.
assert "/inspect/policies/MeshHTTPRoute/conf/rules/0/default/backendRefs/0/weight" in insp_divs, insp_divs
print("policy inspect", key, "ok:", len(insp_divs), "kuma/madr differences")
PY
      echo "policy view Resource tab on $key rendered: $png"
    done
    ;;
  broken)
    app=$1 src=$2 out=$3
    mkdir -p "$out/settings"
    run_xvfb "$app" --settings-dir "$out/settings" --frames 3 --dump-state "$out/broken-state.json" "$src/tests/gui/data/broken.json"
    python3 - "$out/broken-state.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
want = {"code": "DOC002", "severity": "error", "line": 2, "column": 13}
shown = [p for p in s["problems"] if all(p.get(k) == v for k, v in want.items())]
assert shown, f"Problems panel does not show {want}: {s['problems']}"
doc = s["documents"][s["active"]]
assert doc["errors"] == 1, doc
diags = doc["report"]["diagnostics"]
assert any(d["code"] == "DOC002" and d["line"] == 2 and d["column"] == 13 for d in diags), diags
assert doc["report"]["engine"] == "document" and "result" in doc["report"], doc["report"]
print("broken sample: DOC002 at 2:13 is shown:", shown[0]["message"])
PY
    ;;
  restore)
    app=$1 src=$2 out=$3
    rm -rf "$out/restore"; mkdir -p "$out/restore"
    # --view opens the views on their third tab; the engine view replaces the generic one after
    # the first evaluation and must keep that state, here and after the restart.
    run_xvfb "$app" --settings-dir "$out/restore" --theme light --frames 3 --view tab=2 \
      "$src/samples/variants/basic-env.scenario.yaml" "$src/tests/gui/data/broken.json"
    test -s "$out/restore/settings.json" && test -s "$out/restore/imgui.ini"
    run_xvfb "$app" --settings-dir "$out/restore" --frames 3 --dump-state "$out/restore-state.json"
    python3 - "$out/restore-state.json" "$out/restore/settings.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); cfg = json.load(open(sys.argv[2]))
paths = [d["path"] for d in s["documents"]]
assert len(paths) == 2 and paths[0].endswith("basic-env.scenario.yaml") and paths[1].endswith("broken.json"), paths
assert s["active"] == 1, s["active"]
vs = s["documents"][0]["view_state"]
assert "tab=2" in vs.split(";"), f"the variants view's tab was not restored: {vs!r}"
assert cfg["theme"] == "light", cfg["theme"]
assert any(r.endswith("broken.json") for r in cfg["recent"]), cfg["recent"]
print("restored:", paths, "active", s["active"])
PY
    # The per-document "Hide dead-configuration lints" switch is saved for the document's path
    # (settings.json "hide_dead_lints"): switched on (--step dead_lints=hide) on a sample with a
    # POL018, it is on after a restart and again when the closed document is opened anew.
    rm -rf "$out/dead-lints"; mkdir -p "$out/dead-lints"
    sample="$src/samples/policy/profiles-diverge.scenario.yaml"
    run_xvfb "$app" --settings-dir "$out/dead-lints" --frames 8 --step dead_lints=hide "$sample"
    run_xvfb "$app" --settings-dir "$out/dead-lints" --frames 3 --dump-state "$out/dead-lints-restart.json"
    python3 - "$out/dead-lints/settings.json" "$sample" <<'PY'
import json, os, sys
cfg = json.load(open(sys.argv[1]))
assert cfg["hide_dead_lints"] == [os.path.normpath(sys.argv[2])], cfg.get("hide_dead_lints")
cfg["open"] = []  # the document closed: the switch stays with its path
json.dump(cfg, open(sys.argv[1], "w"))
PY
    run_xvfb "$app" --settings-dir "$out/dead-lints" --frames 3 --dump-state "$out/dead-lints-reopen.json" "$sample"
    for state in "$out/dead-lints-restart.json" "$out/dead-lints-reopen.json"; do
      python3 - "$state" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); doc = s["documents"][s["active"]]
assert doc["path"].endswith("profiles-diverge.scenario.yaml") and doc["hide_dead_lints"] is True, (doc["path"], doc["hide_dead_lints"])
codes = [d["code"] for d in doc["report"]["diagnostics"]]
# (kuma-2.14 keys the route's rule, so the sample's only other lint, POL017, is kuma-2.10's now.)
assert "POL018" not in codes and doc["suppressed"] == 1, (codes, doc["suppressed"])
print("dead-configuration lints hidden again:", sys.argv[1], codes)
PY
    done
    ;;
  *) echo "smoke.sh: unknown mode $mode" >&2; exit 2 ;;
esac
