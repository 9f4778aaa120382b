#!/bin/sh
# tools/install-deps.sh — makes sure the build packages are present (Debian 12).
# As root it installs what is missing with apt-get; otherwise it prints the exact command and
# fails, so `make test` on a fresh machine either builds or says what to run.
set -e
pkgs="gcc g++ clang libclang-rt-14-dev meson ninja-build python3 pkg-config libmojoshader-dev vkd3d-compiler llvm-15-dev"
missing=""
for p in $pkgs; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "install-deps: installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
else
    echo "install-deps: missing packages:$missing"
    echo "run:  sudo apt-get install -y$missing"
    exit 1
fi
