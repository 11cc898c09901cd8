#!/usr/bin/env bash
# Fails when core/ includes a GUI, windowing, GL or emscripten header, or uses #ifdef __EMSCRIPTEN__,
# or when core/ or the engine registry (app/engines) includes a file by a relative or absolute
# path: those are found next to the including file, past the include farms that enforce the
# layering (cmake/core_library.cmake), so every quoted include names `core/<dir>/...` (or a
# generated `*.pb.h`).
cd "$(dirname "$0")/.."
rc=0
hits=$(grep -rnE '#include *[<"](imgui|GLFW|GL/|GLES|emscripten)|__EMSCRIPTEN__' core || true)
if [[ -n "$hits" ]]; then
  echo "core/ must stay portable; these lines break that:"; echo "$hits"; rc=1
else
  echo "core/ is free of ImGui, GLFW, GL and emscripten"
fi
hits=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(\.|/)' core app/engines || true)
if [[ -n "$hits" ]]; then
  echo "relative or absolute includes bypass the layering; write \"core/<dir>/<file>.h\":"; echo "$hits"; rc=1
else
  echo "core/ and app/engines include by core/<dir>/ paths only"
fi
exit $rc
