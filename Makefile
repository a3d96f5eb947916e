# Thin wrapper: install what is missing, configure, build, then play or test.
BUILD ?= build
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
PKGS  := cmake g++ make tao-pegtl-dev libfmt-dev nlohmann-json3-dev catch2 graphviz neovim python3 nodejs libsqlite3-dev libboost-dev chromium chromium-driver python3-selenium
SUDO  := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS  ?=
# extra CMake settings for the Release build (CI: -DSPADES_WERROR=ON)
CMAKE_FLAGS ?=

.PHONY: all deps configure build play test bench clean test-asan fuzz fuzz-deps coverage screenshots
FUZZ_SECONDS ?= 60
FUZZ_MAX_LEN ?= 262144

all: build

# Install only the packages that are missing; 'apt-get update' only when something is.
deps:
	@missing=""; for p in $(PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# Only the program it runs, its compiler output kept in a log shown when the build fails; the inner make
# told it is not nested (MAKELEVEL), so that it prints no "Entering directory" lines.
play: configure
	@echo "building spades (the first time takes a while; the log: $(BUILD)/play-build.log)"
	@env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS cmake --build $(BUILD) -j $(JOBS) --target spades >$(BUILD)/play-build.log 2>&1 \
	  || { cat $(BUILD)/play-build.log; exit 1; }
	@$(BUILD)/spades play $(ARGS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# docs/serve.md's pictures, taken by the browser test (tests/browser/serve_browser_test.py)
screenshots: build
	/usr/bin/python3 tests/browser/serve_browser_test.py $(BUILD)/spades $$(command -v chromium) $$(command -v chromedriver) docs/screenshots

bench: build
	$(BUILD)/spades bench rulesets/standard.spades --hands 1000000

clean:
	rm -rf $(BUILD)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer. -O1 (what the sanitizers' own
# documentation suggests) and -g1 (line tables and function names: all a report's stack needs) compile in
# half the time of RelWithDebInfo's -O2 -g. At -O1 with the sanitizers GCC 12 warns of values "maybe used
# uninitialized" inside libstdc++'s <regex>, falsely: that warning is left to the -Werror Release build.
ASAN_CXX_FLAGS ?= -O1 -g1 -DNDEBUG -Wno-maybe-uninitialized
test-asan: deps
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$(ASAN_CXX_FLAGS)" -DSPADES_SANITIZE=ON >/dev/null
	@cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

fuzz-deps: deps
	@missing=""; for p in clang libclang-rt-14-dev; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# libFuzzer: each target for FUZZ_SECONDS, from a seed corpus of the rulesets, goldens and test hands.
fuzz: fuzz-deps
	@cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DSPADES_FUZZ=ON >/dev/null
	@cmake --build build-fuzz -j $(JOBS) --target fuzz_variant fuzz_hands fuzz_runtime fuzz_lsp fuzz_bot fuzz_serve
	@mkdir -p build-fuzz/corpus/variant build-fuzz/corpus/hands build-fuzz/corpus/runtime build-fuzz/corpus/lsp build-fuzz/corpus/bot build-fuzz/corpus/serve build-fuzz/artifacts
	@cp rulesets/*.spades tests/lang/*.spades build-fuzz/corpus/variant/
	@cp rulesets/*.hands.json build-fuzz/corpus/hands/
	@sh fuzz/gen_seeds.sh build-fuzz
	@for t in variant hands runtime lsp bot serve; do \
	  echo "== fuzz_$$t for $(FUZZ_SECONDS) s"; \
	  build-fuzz/fuzz_$$t build-fuzz/corpus/$$t -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) -dict=build-fuzz/$$t.dict -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=build-fuzz/artifacts/$$t- -print_final_stats=1 2>&1 | tail -n 12 || exit 1; \
	done

# Line and branch coverage of lang/, runtime/, bots/, hands/ and cli/ by the whole suite (gcovr). Branches that only
# exceptions take, and those the compiler proves unreachable, are left out: they are not decisions. cli/docgen.cpp
# is left out too: it is spades-docgen, run by the build to write the man page and completions (which tests read),
# not part of spades. The counters are updated atomically: sim and match count from several threads at once,
# and counts raced past each other read back negative, which gcov cannot parse.
COVERAGE_DIRS := lang runtime bots hands cli
GCOVR := gcovr -r . --object-directory build-coverage --exclude-directories 'build-coverage/CMakeFiles/[0-9].*' \
  --exclude cli/docgen.cpp --exclude-throw-branches --exclude-unreachable-branches --sort-percentage
coverage: deps
	@dpkg -s gcovr >/dev/null 2>&1 || { echo "installing: gcovr"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq gcovr; }
	@cmake -S . -B build-coverage -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS="--coverage -fprofile-update=atomic" \
	  -DCMAKE_EXE_LINKER_FLAGS="--coverage" >/dev/null
	@cmake --build build-coverage -j $(JOBS)
	@find build-coverage -name '*.gcda' -delete
	cd build-coverage && ctest --output-on-failure -j $(JOBS)
	@for d in $(COVERAGE_DIRS); do \
	  echo "== $$d/: lines"; $(GCOVR) --filter "$$d/" | sed -n '/^File/,$$p'; \
	  echo "== $$d/: branches"; $(GCOVR) --filter "$$d/" --branches --print-summary | sed -n '/^File/,$$p'; \
	done
