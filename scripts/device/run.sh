#!/bin/sh
# Runs the WebGPU device check from its kit (scripts/device/webgpu-kit.ts) on a machine with a GPU.
set -e
kit=$(cd "$(dirname "$0")" && pwd)
python3 - "$kit" <<'PY'
import lzma, pathlib, shutil, sys
for xz in pathlib.Path(sys.argv[1]).rglob("*.xz"):
    if xz.with_suffix("").exists():
        continue
    with lzma.open(xz) as src, open(xz.with_suffix(""), "wb") as dst:
        shutil.copyfileobj(src, dst)
PY
chmod +x "$kit/node"
# Dawn needs the Vulkan loader (the kit carries Debian's libvulkan1 in gl/) and NVIDIA's Vulkan driver.
for deb in "$kit"/gl/*.deb; do [ -e "$deb" ] && dpkg -x "$deb" /; done
ldconfig 2>/dev/null || true
icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -e "$icd" ] && export VK_DRIVER_FILES="$icd" VK_ICD_FILENAMES="$icd"
"$kit/node" "$kit/webgpu-check.mjs" "$kit" "${OUT:-$kit}"
