# One-command set-up on a fresh Debian 12: `make run`, `make test`.
# Each target installs what is missing (as root with apt-get; otherwise it
# prints the exact apt-get line and stops), configures, builds and runs.

BUILD_DIR   ?= build
JOBS        ?= $(shell nproc)
# The scenario played headless without a display; with one, the studio opens
# the last project or its start dialog (SCENARIO=FILE opens that file instead).
SCENARIO    ?=
HEADLESS    ?= scenarios/bmw/wendle-fords.yaml
DEB_PACKAGES = build-essential cmake ninja-build ccache pkg-config \
               libwxgtk3.2-dev libcairo2-dev liblua5.4-dev libyaml-cpp-dev catch2 libbenchmark-dev \
               xvfb xauth imagemagick

.PHONY: all deps build test run bench schemas clean fuzz test-asan

all: build

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "Missing packages. Run:"; echo "  sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	@# Node and npm may come from Debian or from another packaging (which
	@# bundles npm and conflicts with Debian's npm): look for the commands.
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; \
	  else \
	    echo "Missing node/npm. Run:"; echo "  sudo apt-get install -y nodejs npm"; exit 1; \
	  fi; \
	fi
	@if [ ! -d node_modules/ajv ]; then npm ci --silent --no-audit --no-fund; fi

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS)

schemas: deps
	node tests/schemas/check-schemas.mjs

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

run: build
	@if [ -n "$$DISPLAY" ] && [ -x $(BUILD_DIR)/bin/sandtable-studio ]; then \
	  $(BUILD_DIR)/bin/sandtable-studio $(SCENARIO); \
	else \
	  echo "No display (DISPLAY is not set): playing $(or $(SCENARIO),$(HEADLESS)) headless, greedy against greedy."; \
	  $(BUILD_DIR)/bin/sandtable play $(or $(SCENARIO),$(HEADLESS)) --seed 1 --bots greedy,greedy; \
	fi

bench: build
	$(BUILD_DIR)/bin/sandtable_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
	xvfb-run -a -s "-screen 0 1400x1300x24" $(BUILD_DIR)/bin/sandtable_render_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true

clean:
	rm -rf $(BUILD_DIR)

# Fuzzing (clang's libFuzzer, ASan and UBSan): each harness of tests/fuzz runs
# FUZZ_SECONDS on its corpus: the shipped files it reads and the attack files of
# docs/security.md's classes (tests/fuzz/corpus) as seeds; new finds are
# kept in build-fuzz/corpus/NAME. FUZZ=name runs one harness.
FUZZ_DIR     ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES = ruleset table house_patch scenario replay lua_module
FUZZ         ?= $(FUZZ_HARNESSES)
FUZZ_PACKAGES = clang libclang-rt-14-dev
fuzz: deps
	@missing=""; for p in $(FUZZ_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "make fuzz needs clang. Run:"; echo "  sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	CC=clang CXX=clang++ cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSANDTABLE_FUZZ=ON \
	  -DSANDTABLE_BUILD_STUDIO=OFF -DSANDTABLE_BUILD_TESTS=OFF -DSANDTABLE_BUILD_BENCH=OFF
	cmake --build $(FUZZ_DIR) -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ))
	@for h in $(FUZZ); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$h $(FUZZ_DIR)/artifacts; \
	  echo "fuzz_$$h: $(FUZZ_SECONDS) s"; \
	  case $$h in ruleset|table|house_patch) seeds="tests/fuzz/corpus/yaml rulesets";; scenario) seeds="tests/fuzz/corpus/yaml scenarios";; \
	    replay) seeds="tests/fuzz/corpus/yaml tests/fuzz/corpus/replay";; lua_module) seeds="tests/fuzz/corpus/lua_module rulesets scripts";; esac; \
	  ASAN_OPTIONS=detect_leaks=1 $(FUZZ_DIR)/bin/fuzz_$$h $(FUZZ_DIR)/corpus/$$h $$seeds \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/artifacts/$$h- || exit 1; \
	done

# The whole test suite built with ASan and UBSan (gcc).
ASAN_DIR ?= build-asan
test-asan: deps
	cmake -S . -B $(ASAN_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSANDTABLE_SANITIZE=ON -DSANDTABLE_BUILD_BENCH=OFF
	cmake --build $(ASAN_DIR) -j $(JOBS)
	cd $(ASAN_DIR) && ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/asan/lsan.supp \
	  ctest --output-on-failure -j $(JOBS)

