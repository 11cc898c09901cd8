#!/usr/bin/env bash
# Fails when core/ includes a GUI, windowing, GL or emscripten header, or uses #ifdef __EMSCRIPTEN__.
cd "$(dirname "$0")/.."
hits=$(grep -rnE '#include *[<"](imgui|GLFW|GL/|GLES|emscripten)|__EMSCRIPTEN__' core || true)
if [[ -n "$hits" ]]; then
  echo "core/ must stay portable; these lines break that:"; echo "$hits"; exit 1
fi
echo "core/ is free of ImGui, GLFW, GL and emscripten"
