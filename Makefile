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

.PHONY: all deps build test run bench schemas clean

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
