#!/bin/sh
# tests/run-tests.sh BUILD_DIR... — runs every test of each build directory and prints, last,
# one summary line "softd3d: N passed, N failed, N skipped" over all of them.
#  - BUILD/tests/test-*     harness binaries: each prints "<name>: N passed, N failed, N skipped"
#  - BUILD/tests/example-*  plain programs (written as a Windows application would be): one test
#                           each, passed when they exit 0.
#  - for the first build directory, test-render, test-d3d9, test-tiled, test-vm and test-compute
#    again with
#    SOFTD3D_JIT=eager and SOFTD3D_JIT=0 (every program compiled / none), and test-vm and
#    test-shader again with SOFTD3D_SIMD=c (the plain-C twins of the SIMD kernels),
#  - for the first build directory, the caps tool's JSON for every profile
#    (tests/tools/check_caps_json.py), and the install check: `meson install` into a scratch prefix,
#    then the README's example built with `cc app.c $(pkg-config --cflags --libs softd3d)` and run,
#    and its C++ twin (`c++ app_cxx.cpp ...`, when a C++ compiler is installed) the same way.
set -u
passed=0 failed=0 skipped=0
count() {   # parses a harness summary line
    line=$(printf '%s\n' "$1" | grep -E ': [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' | tail -n 1)
    if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
    set -- $(printf '%s\n' "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$/\1 \2 \3/')
    passed=$((passed + $1)); failed=$((failed + $2)); skipped=$((skipped + $3))
}
first=1
for b in "$@"; do
    echo "== $b"
    for t in "$b"/tests/test-*; do
        [ -f "$t" ] && [ -x "$t" ] || continue
        out=$("$t" 2>&1); rc=$?
        printf '%s\n' "$out" | grep -E '^(FAIL|SKIP) |passed, .* failed' | sed "s|^|  |"
        count "$out"
        if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -qE ': [0-9]+ passed, [1-9]'; then
            echo "  $t exited with status $rc (sanitizer report or crash?):"
            printf '%s\n' "$out" | tail -n 25 | sed 's/^/    /'
            failed=$((failed + 1))
        fi
    done
    for t in "$b"/tests/example-*; do
        [ -f "$t" ] && [ -x "$t" ] || continue
        if out=$("$t" 2>&1); then
            echo "  ok   $(basename "$t")"; passed=$((passed + 1))
        else
            echo "  FAIL $(basename "$t"):"; printf '%s\n' "$out" | sed 's/^/    /'; failed=$((failed + 1))
        fi
    done
    if [ $first = 1 ]; then
        first=0
        # The rendering tests once with every program compiled by the JIT at its first batch,
        # once with the JIT off (by default only programs that run 64 batches are compiled):
        # the pixels must be the same either way (src/jit/jit.h).
        for jit in eager 0; do
            for t in "$b"/tests/test-render "$b"/tests/test-d3d9 "$b"/tests/test-tiled \
                     "$b"/tests/test-vm "$b"/tests/test-compute; do
                [ -x "$t" ] || continue
                out=$(SOFTD3D_JIT=$jit "$t" 2>&1); rc=$?
                printf '%s\n' "$out" | grep -E '^(FAIL|SKIP) |passed, .* failed' | sed "s|^|  (SOFTD3D_JIT=$jit) |"
                count "$out"
                if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -qE ': [0-9]+ passed, [1-9]'; then
                    echo "  $t (SOFTD3D_JIT=$jit) exited with status $rc"; failed=$((failed + 1))
                fi
            done
        done
        # The VM and the shader/VM tests once more with the plain-C twins (util/simd.h):
        # SOFTD3D_SIMD=c selects them for every program the tests create.
        for t in "$b"/tests/test-vm "$b"/tests/test-shader; do
            [ -x "$t" ] || continue
            out=$(SOFTD3D_SIMD=c "$t" 2>&1); rc=$?
            printf '%s\n' "$out" | grep -E '^(FAIL|SKIP) |passed, .* failed' | sed "s|^|  (SOFTD3D_SIMD=c) |"
            count "$out"
            if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -qE ': [0-9]+ passed, [1-9]'; then
                echo "  $t (SOFTD3D_SIMD=c) exited with status $rc"; failed=$((failed + 1))
            fi
        done
        if out=$(python3 tests/tools/check_caps_json.py "$b/tools/softd3d-caps" 2>&1); then
            echo "  ok   softd3d-caps --json, every profile"; passed=$((passed + 1))
        else
            echo "  FAIL softd3d-caps --json:"; printf '%s\n' "$out" | sed 's/^/    /'; failed=$((failed + 1))
        fi
        tmp=$(mktemp -d)
        if meson install -C "$b" --destdir "$tmp" --quiet >"$tmp/install.log" 2>&1 &&
           pc=$(find "$tmp" -name softd3d.pc | head -n 1) && [ -n "$pc" ] &&
           flags=$(PKG_CONFIG_SYSROOT_DIR="$tmp" PKG_CONFIG_PATH=$(dirname "$pc") \
                   pkg-config --cflags --libs softd3d) &&
           cc -std=c11 -Wall -Wextra -Werror tests/examples/app.c $flags -o "$tmp/app" &&
           LD_LIBRARY_PATH=$(dirname "$(find "$tmp" -name 'libsoftd3d.so' | head -n 1)") "$tmp/app" >"$tmp/app.log" 2>&1; then
            echo "  ok   install + pkg-config build of tests/examples/app.c"; passed=$((passed + 1))
        else
            echo "  FAIL install + pkg-config build of tests/examples/app.c"
            cat "$tmp/install.log" "$tmp/app.log" 2>/dev/null | sed 's/^/    /'; failed=$((failed + 1))
        fi
        if command -v c++ >/dev/null 2>&1; then
            if [ -n "${flags:-}" ] &&
               c++ -std=c++11 -Wall -Wextra -Werror tests/examples/app_cxx.cpp $flags -o "$tmp/app_cxx" \
                   >"$tmp/app_cxx.log" 2>&1 &&
               LD_LIBRARY_PATH=$(dirname "$(find "$tmp" -name 'libsoftd3d.so' | head -n 1)") "$tmp/app_cxx" \
                   >>"$tmp/app_cxx.log" 2>&1; then
                echo "  ok   install + pkg-config build of tests/examples/app_cxx.cpp"; passed=$((passed + 1))
            else
                echo "  FAIL install + pkg-config build of tests/examples/app_cxx.cpp"
                sed 's/^/    /' "$tmp/app_cxx.log" 2>/dev/null; failed=$((failed + 1))
            fi
        fi
        rm -rf "$tmp"
    fi
done
echo "softd3d: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
