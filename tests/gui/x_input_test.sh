#!/usr/bin/env bash
# The desktop app driven through the X server, as a user drives it (ctest gui_x_input): a pointer
# moved and clicked by xdotool on the welcome page's first card opens its sample, and Ctrl+Q typed
# into the window quits. The app reads the pointer, its buttons, the focus and the window's size
# from GLFW's events (platform_glfw.cpp NewPlatformFrame: ImGui's backend asks the X server only in
# the frames after an event); this checks that the events still reach the views.
#   x_input_test.sh APP OUT_DIR
set -euo pipefail
app=$1 out=$2
if [[ -z "${DISPLAY:-}" ]]; then
  exec xvfb-run -a -s '-screen 0 1440x900x24' "$0" "$@"
fi
rm -rf "$out" && mkdir -p "$out"

# Where the welcome page draws its cards (the same window size and settings: a fresh directory).
"$app" --settings-dir "$out/settings0" --size 1440x900 --dump-state "$out/welcome.json"
read -r x y sample < <(python3 - "$out/welcome.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["welcome"]["shown"], "the welcome page is not shown"
c = s["welcome"]["cards"][0]
x, y, w, h = c["rect"]
print(int(x + w / 2), int(y + h / 2), c["sample"])
PY
)

# The same app, kept running (frames until Ctrl+Q), its state written when it quits.
"$app" --settings-dir "$out/settings1" --size 1440x900 --frames 100000000 --dump-state "$out/clicked.json" \
  > "$out/app.stdout" 2> "$out/app.stderr" &
pid=$!
# XTEST input (as a pointer and keyboard make it; events sent to a window are marked synthetic):
# the window opens at the screen's origin, and with no window manager the key goes where the
# pointer is.
if ! timeout 20 xdotool search --sync --onlyvisible --name "Config Inspector" > /dev/null 2>&1; then
  echo "FAIL: the app's window did not appear"; kill "$pid" 2>/dev/null; exit 1
fi
# Time for the first frames to draw the cards, and for the opened sample to be read and shown,
# on a loaded machine (ctest runs two tests at once).
sleep 3
xdotool mousemove "$x" "$y"
sleep 0.5
xdotool click 1
sleep 5
xdotool key ctrl+q
for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then echo "FAIL: Ctrl+Q did not quit the app"; kill "$pid"; exit 1; fi
wait "$pid" || { echo "FAIL: the app exited with status $?"; cat "$out/app.stderr"; exit 1; }

python3 - "$out/clicked.json" "$sample" <<'PY'
import json, sys
s, sample = json.load(open(sys.argv[1])), sys.argv[2]
docs = [d["path"] for d in s["documents"]]
assert docs and docs[0].endswith(sample), "a click on the first card (%s) opened %s" % (sample, docs)
assert not s["welcome"]["shown"], "the welcome page still shows after the click"
print("x_input: a click at the first card opened %s; Ctrl+Q quit" % docs[0])
PY
