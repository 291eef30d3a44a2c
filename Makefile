# gprof in C - build, test, demo, install, benchmark.
#
#   make               build build/gprof, the test tools and the collector
#                      (build/libgmon.a, build/libgmon.so: runtime/)
#   make demo          profile examples/demo.c and print its report
#   make check         run every test suite (SAN=1: address+undefined;
#                      CHECK_JOBS=n suites at a time, default 2;
#                      SUITES="unit golden": those suites only)
#   make check-fast    the quick tier (FAST_SUITES: a couple of minutes)
#   make bench         compare speed and memory with /usr/bin/gprof
#   make fuzz          build the libFuzzer targets (needs clang)
#   make install PREFIX=/usr/local
#   make format        apply .clang-format; make format-check: fail if not
#
# The products' rules and flags live in mk/: analyser.mk (src/),
# tools.mk (tools/), runtime.mk (runtime/, the collector), runner.mk
# (runner/, gprof-run), packaging.mk (packaging/: gmon.pc, CMake).

PREFIX ?= /usr/local
CC ?= cc
CXX ?= c++
SAN ?= 0

ifeq ($(SAN),1)
B := build/san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT := -O1 -g
else
B := build
SANFLAGS :=
OPT := -O2 -g
endif

# The build dependencies are checked (and installed, as root) while the
# Makefile is read, since pkg-config below needs them; not for goals
# that build nothing.  The test, bench and fuzz dependencies are checked
# by those goals' recipes.
NO_BUILD_GOALS := clean format format-check
ifneq ($(filter-out $(NO_BUILD_GOALS),$(or $(MAKECMDGOALS),all)),)
DEPS_OK := $(shell sh scripts/ensure-deps.sh build >&2 && echo ok)
endif
PKG_CFLAGS := $(shell pkg-config --cflags libelf libdw 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs libelf libdw 2>/dev/null || echo -ldw -lelf)

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wno-unused-parameter -Wformat=2 -Wno-format-nonliteral
CFLAGS ?= $(OPT)
ALL_LDFLAGS := $(LDFLAGS) $(SANFLAGS)

.DEFAULT_GOAL := all

# One fragment per product, each with its own flags.
include mk/analyser.mk mk/tools.mk mk/runtime.mk mk/runner.mk \
	mk/packaging.mk

.PHONY: all demo check check-fast bench fuzz install clean format format-check
all: $(B)/gprof $(TOOLS) $(RUNTIME_LIBS) $(RUNNER)

demo: $(B)/gprof $(RUNTIME_LIBS) $(RUNNER)
	@sh scripts/ensure-deps.sh demo || \
		echo "make demo: without Graphviz there is no demo.svg" >&2
	@sh examples/demo.sh $(B)

# Reports of small programs render on one thread, large ones on several
# (src/textjobs.h); the SAN=1 run forces two threads everywhere, so both
# paths run every suite (unless GPROF_THREADS is set already).
ifeq ($(SAN),1)
CHECK_THREADS := GPROF_THREADS=$${GPROF_THREADS:-2}
endif
CHECK_DEPS := $(B)/gprof $(TOOLS) $(B)/unit-tests $(REPLAY) $(RUNTIME_LIBS) \
	$(RUNNER)
check: $(CHECK_DEPS)
	@sh scripts/ensure-deps.sh test
	@$(CHECK_THREADS) SUITES="$(SUITES)" sh tests/run-suites.sh \
		$(CURDIR)/$(B)/gprof $(CURDIR)/$(B)

# The quick tier: the suites that need no real program built from
# source and no browser (tests/README.md says what each covers).
FAST_SUITES := unit golden tree-seam tree-libsh input-replay input-bad \
	gnu-options input-profiles gnu-cross input-measured input-objects \
	input-sumfile rt-gprofrun
check-fast: $(CHECK_DEPS)
	@sh scripts/ensure-deps.sh test
	@$(CHECK_THREADS) SUITES="$(FAST_SUITES)" sh tests/run-suites.sh \
		$(CURDIR)/$(B)/gprof $(CURDIR)/$(B)

bench: $(B)/gprof $(B)/mkgmon $(RUNTIME_LIBS)
	@sh scripts/ensure-deps.sh bench
	@sh bench/run.sh $(CURDIR)/$(B)/gprof
	@sh bench/gas.sh $(CURDIR)/$(B)/gprof
	@sh bench/runtime.sh $(CURDIR)/build
	@sh bench/runtime-aarch64.sh $(CURDIR)/build
	@sh bench/stacks-real.sh $(CURDIR)/build $(CURDIR)/$(B)/gprof
	@sh bench/flame.sh $(CURDIR)/build $(CURDIR)/$(B)/gprof

fuzz:
	@sh scripts/ensure-deps.sh fuzz
	@sh fuzz/build.sh

install: $(B)/gprof install-runtime install-runner install-packaging
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(B)/gprof $(DESTDIR)$(PREFIX)/bin/gprof
	install -m 644 gprof.1 $(DESTDIR)$(PREFIX)/share/man/man1/gprof.1

format:
	@sh scripts/format-check.sh --apply

format-check:
	@sh scripts/format-check.sh

clean:
	rm -rf build

