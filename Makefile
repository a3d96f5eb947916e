# Thin wrapper: install what is missing, configure, build, then play or test.
BUILD ?= build
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
PKGS  := cmake g++ make tao-pegtl-dev libfmt-dev nlohmann-json3-dev catch2
SUDO  := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS  ?=

.PHONY: all deps build play test bench clean

all: build

# Install only the packages that are missing; 'apt-get update' only when something is.
deps:
	@missing=""; for p in $(PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

play: build
	$(BUILD)/spades play $(ARGS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	$(BUILD)/spades bench rulesets/standard.spades --hands 1000000

clean:
	rm -rf $(BUILD)
