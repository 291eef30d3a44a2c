# gprof in C - build, test, demo, install, benchmark.
#
#   make               build build/gprof (and the test tools)
#   make demo          profile examples/demo.c and print its report
#   make check         run every test suite (SAN=1: address+undefined;
#                      CHECK_JOBS=n suites at a time, default 2)
#   make bench         compare speed and memory with /usr/bin/gprof
#   make fuzz          build the libFuzzer targets (needs clang)
#   make install PREFIX=/usr/local

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
NO_BUILD_GOALS := clean format
ifneq ($(filter-out $(NO_BUILD_GOALS),$(or $(MAKECMDGOALS),all)),)
DEPS_OK := $(shell sh scripts/ensure-deps.sh build >&2 && echo ok)
endif
PKG_CFLAGS := $(shell pkg-config --cflags libelf libdw 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs libelf libdw 2>/dev/null || echo -ldw -lelf)

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wno-unused-parameter -Wformat=2 -Wno-format-nonliteral
CFLAGS ?= $(OPT)
ALL_CFLAGS := -std=c11 -D_GNU_SOURCE -Iinclude -pthread $(WARN) $(CFLAGS) $(SANFLAGS) $(PKG_CFLAGS) -MMD -MP
LDLIBS := $(PKG_LIBS) -lstdc++ -lm -pthread
ALL_LDFLAGS := $(LDFLAGS) $(SANFLAGS)

SRCS := $(wildcard src/*.c)
LIB_SRCS := $(filter-out src/main.c,$(SRCS))
LIB_OBJS := $(LIB_SRCS:src/%.c=$(B)/obj/%.o)
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_OBJS := $(UNIT_SRCS:tests/unit/%.c=$(B)/obj/unit/%.o)
TOOLS := $(patsubst tools/%.c,$(B)/%,$(wildcard tools/*.c))
REPLAY := $(patsubst fuzz/fuzz_%.c,$(B)/replay-%,$(wildcard fuzz/fuzz_*.c))

.PHONY: all demo check bench fuzz install clean format
all: $(B)/gprof $(TOOLS)

$(B)/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/obj/unit/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -c -o $@ $<

$(B)/libgprof.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(B)/gprof: $(B)/obj/main.o $(B)/libgprof.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/unit-tests: $(UNIT_OBJS) $(B)/libgprof.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/%: tools/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -Iinclude $(WARN) $(CFLAGS) $(SANFLAGS) -o $@ $<

# Replay drivers: each fuzz target linked with a main() that feeds it the
# files of its corpus, so every kept input runs in every `make check`.
$(B)/replay-%: fuzz/fuzz_%.c fuzz/replay_main.c $(B)/libgprof.a
	$(CC) $(ALL_CFLAGS) -Isrc $(ALL_LDFLAGS) -o $@ fuzz/fuzz_$*.c fuzz/replay_main.c $(B)/libgprof.a $(LDLIBS)

demo: $(B)/gprof
	@sh examples/demo.sh $(B)

check: $(B)/gprof $(TOOLS) $(B)/unit-tests $(REPLAY)
	@sh scripts/ensure-deps.sh test
	@sh tests/run-suites.sh $(CURDIR)/$(B)/gprof $(CURDIR)/$(B)

bench: $(B)/gprof $(B)/mkgmon
	@sh scripts/ensure-deps.sh bench
	@sh bench/run.sh $(CURDIR)/$(B)/gprof

fuzz:
	@sh scripts/ensure-deps.sh fuzz
	@sh fuzz/build.sh

install: $(B)/gprof
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(B)/gprof $(DESTDIR)$(PREFIX)/bin/gprof
	install -m 644 gprof.1 $(DESTDIR)$(PREFIX)/share/man/man1/gprof.1

format:
	clang-format -i src/*.c src/*.h tests/unit/*.c tools/*.c fuzz/*.c

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(B)/obj/main.d $(UNIT_OBJS:.o=.d)
