# softd3d — the README's commands.  The build itself is Meson + Ninja; this file only wraps it.
#   make          build (build/)
#   make test     install missing build packages (root) then build and run every test, twice:
#                 optimised with gcc (build/) and with clang + AddressSanitizer +
#                 UndefinedBehaviorSanitizer (build-asan/); ends with one summary line.
#   make demo     run softd3d-demo: D3D11 scenes at 9_1/9_2/9_3 and 10_1 -> out/demo_*.png, frame
#                 times; then softd3d-demo --tiled: the tiled-resources streaming scene at 11_1,
#                 softd3d-demo --tess: the tessellated terrain at 11_0 (out/demo_tess.png),
#                 and softd3d-demo --compute: the compute particle scene at 11_0
#   make bench    run softd3d-bench: softd3d against Mesa llvmpipe (installs libosmesa6 as root)
#   make fuzz     build the libFuzzer targets (tests/fuzz/fuzz_*.c, clang) and run each
#                 FUZZ_SECONDS (60) on its corpus in tests/fuzz/corpus/<name>/ (fuzz_jit:
#                 the JIT against the interpreter on every program the decoders accept)
#   make install PREFIX=/usr/local
BUILD ?= build
ASAN_BUILD ?= build-asan
PREFIX ?= /usr/local

.PHONY: all deps build test demo bench fuzz install clean

all: build

deps:
	@tools/install-deps.sh

$(BUILD)/build.ninja: | deps
	CC=$${CC:-gcc} CXX=$${CXX:-g++} meson setup $(BUILD) --prefix=$(abspath $(PREFIX)) >/dev/null

$(ASAN_BUILD)/build.ninja: | deps
	CC=clang CXX=clang++ meson setup $(ASAN_BUILD) --buildtype=debug -Db_sanitize=address,undefined \
	    -Db_lundef=false -Dc_args=-fno-sanitize-recover=all -Dcpp_args=-fno-sanitize-recover=all >/dev/null

build: $(BUILD)/build.ninja
	ninja -C $(BUILD)

test: deps $(BUILD)/build.ninja $(ASAN_BUILD)/build.ninja
	ninja -C $(BUILD)
	ninja -C $(ASAN_BUILD)
	tests/run-tests.sh $(BUILD) $(ASAN_BUILD)

demo: build
	$(BUILD)/tools/softd3d-demo
	$(BUILD)/tools/softd3d-demo --tiled
	$(BUILD)/tools/softd3d-demo --tess
	$(BUILD)/tools/softd3d-demo --compute

# The benchmark's peer is Mesa llvmpipe through libOSMesa, loaded at run time (never a build or
# test dependency): as root, install it when missing; otherwise say how.  Without it the bench
# reports softd3d alone.
bench: build
	@if command -v dpkg-query >/dev/null && ! dpkg-query -W -f='$${Status}' libosmesa6 2>/dev/null \
	        | grep -q "install ok installed"; then \
	    if [ "$$(id -u)" = 0 ]; then \
	        echo "bench: installing libosmesa6 (Mesa llvmpipe, the peer)"; \
	        DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	            libosmesa6 || echo "bench: libosmesa6 could not be installed"; \
	    else \
	        echo "bench: libosmesa6 is missing; run: sudo apt-get install -y libosmesa6"; \
	    fi; \
	fi
	$(BUILD)/tools/softd3d-bench

FUZZ_SECONDS ?= 60
fuzz: build
	mkdir -p build-fuzz
	set -e; for t in tests/fuzz/fuzz_*.c; do \
	    n=$$(basename $$t .c); c=tests/fuzz/corpus/$${n#fuzz_}; mkdir -p $$c build-fuzz/$$n; \
	    extra=""; \
	    if [ $$n = fuzz_jit ]; then \
	        extra="src/vm/*.c src/jit/jit_engine.c src/jit/jit_codegen.c src/jit/jit_math.c src/util/simd.c \
	               src/util/cpu.c $$(llvm-config-15 --cflags --ldflags) -lLLVM-15 -lm"; \
	    fi; \
	    clang -std=c11 -g -O1 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined \
	        -fno-sanitize-recover=all -Isrc -Iinclude -I$(BUILD)/include \
	        $$t src/shader/*.c $(filter-out src/hlsl/api.c,$(wildcard src/hlsl/*.c)) \
	        src/util/log.c $$extra -lm -lpthread -o build-fuzz/$$n/$$n; \
	    build-fuzz/$$n/$$n -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	        build-fuzz/$$n $$c 2>&1 | tail -n 3; \
	done

install: $(BUILD)/build.ninja
	meson configure $(BUILD) --prefix=$(abspath $(PREFIX)) >/dev/null
	ninja -C $(BUILD)
	meson install -C $(BUILD) --quiet

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
