#!/usr/bin/env bash
# `cmake --install` into a temporary prefix (ctest gui_install): the desktop app, the CLI, the
# icon (scalable and 256/48/32 px PNGs in the hicolor theme), the desktop entry and the samples
# land where a desktop's menu finds them, and the installed programs run.
#   install_test.sh BUILD_DIR SOURCE_DIR OUT_DIR
set -euo pipefail
build=$1 src=$2 out=$3
prefix="$out/install-prefix"
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/config-inspector bin/config-inspector-cli \
         share/applications/config-inspector.desktop \
         share/icons/hicolor/scalable/apps/config-inspector.svg \
         share/icons/hicolor/256x256/apps/config-inspector.png \
         share/icons/hicolor/48x48/apps/config-inspector.png \
         share/icons/hicolor/32x32/apps/config-inspector.png \
         share/config-inspector/samples/variants/first-look.scenario.yaml \
         share/config-inspector/samples/txt/canary-50.zone; do
  [[ -e "$prefix/$f" ]] || { echo "not installed: $f"; exit 1; }
done
[[ -x "$prefix/bin/config-inspector" && -x "$prefix/bin/config-inspector-cli" ]]
cmp "$src/assets/config-inspector.svg" "$prefix/share/icons/hicolor/scalable/apps/config-inspector.svg"
# The PNGs are the sizes their directories say (the IHDR width and height).
python3 - "$prefix/share/icons/hicolor" <<'PY'
import struct, sys
for size in (256, 48, 32):
    data = open(f"{sys.argv[1]}/{size}x{size}/apps/config-inspector.png", "rb").read(24)
    assert data[:8] == b"\x89PNG\r\n\x1a\n", size
    assert struct.unpack(">II", data[16:24]) == (size, size), (size, struct.unpack(">II", data[16:24]))
PY
# The entry names the installed program and the icon by name (the icon theme resolves it).
entry="$prefix/share/applications/config-inspector.desktop"
grep -qx 'Exec=config-inspector %F' "$entry"
grep -qx 'Icon=config-inspector' "$entry"
grep -qx 'Type=Application' "$entry"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$entry"; fi
# The installed CLI runs on an installed sample and finds it clean.
"$prefix/bin/config-inspector-cli" check "$prefix/share/config-inspector/samples/variants/first-look.scenario.yaml"
echo "installed into $prefix"
