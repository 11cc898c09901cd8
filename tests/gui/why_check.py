#!/usr/bin/env python3
"""Assertions on the app's --dump-state (gui_engine_views, tests/gui/smoke.sh):
the Explanation panel follows the view's selection and leads with the deciding step, folds runs
of one outcome, every count agrees with the rows it counts, repeated findings are one group in
the Problems panel, the engine view has room, and (check table-room) the view's main table shows
at least 8 rows (view_shows.table.room: the one-line rows its visible body holds, measured where
the table is drawn, theme::TableRoomRows).

usage: why_check.py STATE.json CHECK
"""
import json
import sys


def summary(e, w, n):
    parts = [f"{k} {word if k == 1 else word + 's'}" for k, word in ((e, "error"), (w, "warning"), (n, "note")) if k]
    return ", ".join(parts) if parts else "no problems"


def common(s, doc):
    diags = doc["report"]["diagnostics"]
    sev = [d["severity"] for d in diags]
    # One count per thing: the status bar's words, the Documents badges and the Problems panel.
    assert (doc["errors"], doc["warnings"], doc["notes"]) == (sev.count("error"), sev.count("warning"), sev.count("note")), doc
    assert doc["status"] == summary(doc["errors"], doc["warnings"], doc["notes"]), doc["status"]
    assert len(s["problems"]) == len(diags), (len(s["problems"]), len(diags))
    assert sum(g["count"] for g in s["problem_groups"]) == len(diags), s["problem_groups"]
    # One group per code and file.
    keys = [(g["code"], g["file"]) for g in s["problem_groups"]]
    assert len(keys) == len(set(keys)), keys
    for g in s["problem_groups"]:
        want = sum(1 for d in diags if d["code"] == g["code"] and d["file"] == g["file"])
        assert g["count"] == want, (g, want)
    # Layout: the side panels show and the engine view has room for 12 rows (its title, tab bar
    # and a table's header and 8 rows); the table-room check measures the table itself.
    lay = s["layout"]
    rows = lay["engine_view"][1] / lay["row_height"]
    assert rows >= 12, f"the engine view is {lay['engine_view']} px, {rows:.1f} rows of {lay['row_height']} px"
    # The Problems and Source panels show, unless the window is too short for them (1024x700 at
    # scale 1.5: folded to their strip by themselves).
    # (and the Documents panel, unless the window is too narrow: 1024x700 at scale 1.5).
    assert lay["explanation"] and not lay["maximized"], lay
    assert lay["documents"] != lay["documents_folded_narrow_window"], lay
    assert lay["bottom"] != lay["bottom_folded_short_window"], lay


def main():
    s = json.load(open(sys.argv[1]))
    check = sys.argv[2]
    doc = s["documents"][s["active"]]
    common(s, doc)
    ex = s["explanation"]
    result = doc["report"]["result"]
    counts = doc["view_shows"]["counts"]

    if check == "matcher-large":
        # samples/matcher/list-1000: MAT030 is capped at 20 per file plus one note counting the
        # rest: 21 notes, one group, closed; the status bar says so (not "no problems").
        assert doc["status"] == "21 notes", doc["status"]
        assert [(g["code"], g["count"], g["open"]) for g in s["problem_groups"]] == [("MAT030", 21, False)], s["problem_groups"]
        assert counts["issues_tab"] == 21, counts
        # --view req=2, x-key k0999: the deciding matcher (the last) leads; the 999 misses before
        # it are one folded row.
        # The subject names the request and the profile (the engine's step says only "matcher").
        assert ex["selected"] and ex["what"].startswith("request #2  ") and ex["what"].endswith(" \u00b7 grpc-core"), ex
        assert ex["deciding"][0] == {"what": "matchers[999]", "outcome": "matched"}, ex["deciding"]
        assert ex["rows"][0] == {"what": "matchers[0..998]: no match", "outcome": "no-match", "steps": 999}, ex["rows"][:2]
        assert ex["rows"][1]["what"] == "matchers[999]", ex["rows"][:3]
    elif check == "matcher-profiles":
        # The Profiles tab counts what the divergence badge counts (the scenario's requests).
        assert counts["profiles_tab"] == len(doc["differing_answers"]) > 0, (counts, len(doc["differing_answers"]))
        # The tab's own selection: the first request the profiles disagree on, highlighted.
        assert ex["selected"] and ex["what"] == "request #0  x-env: staging \u00b7 grpc-core", ex
        assert doc["view_shows"]["highlighted"] == "#0  x-env: staging", doc["view_shows"]["highlighted"]
    elif check == "variants-transition":
        delivery = int(dict(kv.split("=") for kv in doc["view_state"].split(";")).get("delivery", 0))
        rows = [r for sub in result["transition"]["subscriptions"] for r in sub["resources"]]

        def between(r):
            if delivery == 0:
                return r.get("intermediate", [])
            if delivery == 2:
                return [r["as_two_responses"]["new_first"]]
            if delivery == 3:
                return [r["as_two_responses"]["removal_first"]]
            return []

        amb = sum(1 for r in rows if any(x["outcome"] == "ambiguous" for x in between(r)))
        t = counts["transition"]
        assert t["rows"] == len(rows), (t, len(rows))
        # The summary counts the ambiguous cells the table shows between the responses (it said
        # "0 become ambiguous" above two ambiguous rows).
        assert t["between_ambiguous"] == amb > 0, (t, amb)
        assert t["became_ambiguous"] == sum(1 for r in rows if r["change"] == "became ambiguous"), t
        assert ex["selected"] and "route-config" in ex["what"], ex
        assert ex["rows"][0]["what"].startswith("before: variant "), ex["rows"]
    elif check == "variants-findings":
        gaps = sum(len(c["regions"]) for c in result["coverage"])
        assert counts["findings"]["tab"] == len(result["overlaps"]) + gaps > 0, (counts, result["overlaps"])
        # The tab explains its own row (not a Subscriptions row, which is not on screen): the first
        # finding, an overlap, with the two variants that both match its witness.
        assert ex["selected"] and ex["what"].startswith("overlap in "), ex
        assert [r["outcome"] for r in ex["rows"]] == ["matched", "matched"], ex["rows"]
        assert doc["view_shows"]["explains_row"]["row"] == "finding:0", doc["view_shows"]["explains_row"]
    elif check == "txt-choice":
        # The selected profile's client: the choice it gets leads.
        assert ex["selected"] and ex["deciding"][0]["what"] == f"choice {result['choice']}", ex
    elif check == "targeting-reference":
        # --view ref=1: the second reference is selected and explained.
        assert ex["selected"] and ex["what"].startswith("reference "), ex
        assert doc["view_state"].split(";").count("ref=1") == 1, doc["view_state"]
    elif check == "table-room":
        # The view's main table, as drawn: its visible body holds 8 one-line rows at least.
        table = doc["view_shows"]["table"]
        assert table is not None, f"no main table measured: {doc['view']} {doc['view_state']}"
        assert table["room"] >= 8, f"the {table['id']} table shows {table['room']} rows (engine view {s['layout']['engine_view']})"
        # Layout by content width: no column narrower than its header (its label and sort arrow);
        # the table scrolls sideways instead. Every view, every table of the tab on screen.
        # Every table the tab draws (view_shows.tables, the main one first; a view without the
        # list: its main table).
        for t in doc["view_shows"].get("tables", [table]):
            narrow = [c for c in t["columns"] if c["width"] < c["header"] - 1]
            assert not narrow, f"the {t['id']} table's columns narrower than their header: {narrow}"
    elif check == "columns":
        # A table needed to read the answer (not the view's main one: no 8-row promise): no
        # column narrower than its header (the table scrolls sideways instead).
        table = doc["view_shows"]["table"]
        assert table is not None, f"no table measured: {doc['view']} {doc['view_state']}"
        narrow = [c for c in table["columns"] if c["width"] < c["header"] - 1]
        assert not narrow, f"the {table['id']} table's columns narrower than their header: {narrow}"
    elif check in ("stack-under", "stack-beside"):
        # The policy Resource tab: the merge stack beside the merged tree only when both fit by
        # what they need across (the tree's widest line, the stack's columns), else under it;
        # either way the stack keeps its 8 rows.
        # Under it when the tab is tall enough for both (the tree 6 lines), else in a tab of its
        # own (the state asks for it: pane=stack).
        v = doc["view_shows"]
        lay = v["stack_layout"]
        fits = lay["width"] >= lay["tree_need"] + lay["stack_need"]
        assert v["stack_under_tree"] == (check == "stack-under"), (check, lay)
        assert v["stack_under_tree"] == (not fits), lay
        assert lay["mode"] in (("under", "tabs:stack") if check == "stack-under" else ("beside",)), lay
        assert v["table"]["id"] == "stack" and v["table"]["room"] >= 8, v["table"]
    elif check == "generic":
        assert [(g["code"], g["count"]) for g in s["problem_groups"]] == [("DOC002", 1)], s["problem_groups"]
    else:
        raise SystemExit(f"unknown check {check}")
    print(f"{check}: explanation {ex.get('what', '-')!r} decided by "
          f"{[d['what'] for d in ex.get('deciding', [])][-1:]}, table {doc['view_shows']['table']}, "
          f"counts {json.dumps(counts)[:120]}")


main()
