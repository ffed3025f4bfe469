# queengames — the set-up commands of the README. See DEVELOPERS.md.
BUILD      ?= build
BUILD_ASAN ?= build-asan
BUILD_FUZZ ?= build-fuzz
JOBS       ?= $(shell nproc)
FUZZ_SECONDS ?= 20
# Per input: a slow input (over FUZZ_TIMEOUT seconds), a long one or a large allocation is
# reported like a crash (timeout-*, oom-* in $(BUILD_FUZZ)), not left running for minutes.
FUZZ_TIMEOUT ?= 10
FUZZ_MAX_LEN ?= 4096
FUZZ_RSS_MB  ?= 2048

.PHONY: all run test sanitize fuzz differential bench deps configure build clean format format-check walnut-conformance family-table

all: build

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DQG_WERROR=ON >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The main job: set up, build, and run the tour of the papers' results.
run: build
	$(BUILD)/queengames tour

# Every test through ctest (the Release build).
test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The Debug build with AddressSanitizer and UndefinedBehaviorSanitizer, and its tests. At -Og with
# line tables only: it compiles as fast as -O0 -g and its tests run in 212 s instead of 502 s
# (docs/PERFORMANCE.md, "The build and CI"); the sanitizers' reports still name file and line.
# The modules compile in unity batches (QG_UNITY), as in the fuzz build.
sanitize: deps
	@cmake -S . -B $(BUILD_ASAN) -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-Og -g1" -DQG_SANITIZE=ON -DQG_WERROR=ON -DQG_BUILD_BENCH=OFF -DQG_UNITY=ON >/dev/null
	@cmake --build $(BUILD_ASAN) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir $(BUILD_ASAN) --output-on-failure -j $(JOBS)

# libFuzzer targets for the parsers (clang), each run for FUZZ_SECONDS with fuzz/NAME.dict when
# there is one; a crash, a timeout or an out-of-memory stops make and leaves the input in
# $(BUILD_FUZZ)/crash-*, timeout-*, oom-*. Line tables only (-g1), as the sanitizers' build: a
# finding's stack still names file and line, and the build is the stage's larger part.
FUZZERS = fuzz_number fuzz_morphism fuzz_ruleset fuzz_dictionary fuzz_walnut fuzz_automaton_file
fuzz: deps
	@CXX=clang++ cmake -S . -B $(BUILD_FUZZ) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g1 -O1" -DQG_FUZZ=ON -DQG_BUILD_TESTS=OFF -DQG_BUILD_BENCH=OFF -DQG_UNITY=ON >/dev/null
	@cmake --build $(BUILD_FUZZ) -j $(JOBS) --target $(FUZZERS)
	@set -e; for f in $(FUZZERS); do echo "== $$f"; mkdir -p $(BUILD_FUZZ)/corpus/$$f; \
	  $(BUILD_FUZZ)/fuzz/$$f -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -max_len=$(FUZZ_MAX_LEN) \
	    $$([ -f fuzz/$$f.dict ] && echo -dict=fuzz/$$f.dict) \
	    -rss_limit_mb=$(FUZZ_RSS_MB) -print_final_stats=1 -artifact_prefix=$(BUILD_FUZZ)/ \
	    $(BUILD_FUZZ)/corpus/$$f fuzz/corpus/$$f >$(BUILD_FUZZ)/$$f.log 2>&1 || { tail -n 40 $(BUILD_FUZZ)/$$f.log; exit 1; }; \
	  grep -E '^(stat::number_of_executed_units|Done)' $(BUILD_FUZZ)/$$f.log || true; done

# The prover against brute force on random statements for DIFFERENTIAL_SECONDS (docs/PROVER.md,
# "Soundness"); each disagreement is shrunk, printed and appended to the regressions CI runs.
DIFFERENTIAL_SECONDS ?= 3600
differential: build
	$(BUILD)/tests/prover_differential --seconds $(DIFFERENTIAL_SECONDS) --record tests/walnut/prover_regressions.txt

# Walnut's integration suite through queengames prove, case by case, and through Walnut itself
# (built from the checkout with javac and Debian's jars) to check the runner; then the files of
# its Command Files/ through both, result by result. WALNUT is a checkout
# of Walnut's repository (github.com/firetto/Walnut). Reports in $(BUILD)/walnut-conformance/.
# Not part of make test: it needs the checkout and takes minutes.
WALNUT ?=
walnut-conformance: configure
	@test -n "$(WALNUT)" || { echo "queengames: make walnut-conformance WALNUT=path/to/a/Walnut/checkout" >&2; exit 2; }
	@bash scripts/install-deps.sh --walnut
	@cmake --build $(BUILD) -j $(JOBS) --target queengames
	bash scripts/build-walnut.sh "$(WALNUT)" $(BUILD)/walnut
	/usr/bin/python3 tests/walnut_conformance/run.py --walnut "$(WALNUT)" --queengames $(BUILD)/queengames --out $(BUILD)/walnut-conformance/queengames
	/usr/bin/python3 tests/walnut_conformance/run.py --walnut "$(WALNUT)" --walnut-build $(BUILD)/walnut --out $(BUILD)/walnut-conformance/walnut
	/usr/bin/python3 tests/walnut_conformance/command_files.py --walnut "$(WALNUT)" --walnut-build $(BUILD)/walnut --queengames $(BUILD)/queengames --out $(BUILD)/walnut-conformance/command-files

# docs/FAMILIES.md's table: every member of seed 001 §4's game families through
# `prove --synthesize`, each under a cap of CPU time and memory (tests/test_cli_synth.cpp); takes
# hours. FAMILIES=kqueen5,queen3_1 reruns only the members whose names begin so.
FAMILIES ?= 1
family-table: configure
	@cmake --build $(BUILD) -j $(JOBS) --target queengames test_cli_synth
	QG_FAMILY_TABLE=$(FAMILIES) $(BUILD)/tests/test_cli_synth --gtest_filter='FamilyTable.*'

bench: build
	@for b in $(BUILD)/bench/bench_*; do echo "== $$b"; $$b --benchmark_repetitions=5 --benchmark_report_aggregates_only=true; done

# Whether every C++ file is formatted as .clang-format says (clang-format-14); format fixes it.
format-check: deps
	@bash scripts/format-check.sh

format: deps
	@bash scripts/format-check.sh --fix

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_FUZZ) tour
