# mk/analyser.mk - the analyser (src/): build/gprof, its library, the
# unit tests and the fuzz replay drivers.  Its own flags: C11, POSIX
# threads (the DWARF prefetch), libelf/libdw, sanitizers with SAN=1.

ANALYSER_CFLAGS := -std=c11 -D_GNU_SOURCE -Iinclude -pthread $(WARN) \
	$(CFLAGS) $(SANFLAGS) $(PKG_CFLAGS) -MMD -MP
# zlib: --format=pprof writes gzip (view_pprof.c).
ANALYSER_LDLIBS := $(PKG_LIBS) -lz -lstdc++ -lm -pthread

SRCS := $(wildcard src/*.c)
LIB_SRCS := $(filter-out src/main.c,$(SRCS))
LIB_OBJS := $(LIB_SRCS:src/%.c=$(B)/obj/%.o)
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_OBJS := $(UNIT_SRCS:tests/unit/%.c=$(B)/obj/unit/%.o)
REPLAY := $(patsubst fuzz/fuzz_%.c,$(B)/replay-%,$(wildcard fuzz/fuzz_*.c))

$(B)/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ANALYSER_CFLAGS) -c -o $@ $<

$(B)/obj/unit/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ANALYSER_CFLAGS) -Isrc -c -o $@ $<

$(B)/libgprof.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(B)/gprof: $(B)/obj/main.o $(B)/libgprof.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ANALYSER_LDLIBS)

$(B)/unit-tests: $(UNIT_OBJS) $(B)/libgprof.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ANALYSER_LDLIBS)

# Replay drivers: each fuzz target linked with a main() that feeds it the
# files of its corpus, so every kept input runs in every `make check`.
$(B)/replay-%: fuzz/fuzz_%.c fuzz/replay_main.c $(B)/libgprof.a
	$(CC) $(ANALYSER_CFLAGS) -Isrc $(ALL_LDFLAGS) -o $@ fuzz/fuzz_$*.c \
		fuzz/replay_main.c $(B)/libgprof.a $(ANALYSER_LDLIBS)
# fuzz_cfi.c reads the collector's unwinder itself.
$(B)/replay-cfi: runtime/stacks_cfi.c runtime/stacks_cfi.h runtime/gmon_rt.h

-include $(LIB_OBJS:.o=.d) $(B)/obj/main.d $(UNIT_OBJS:.o=.d)

# --format=html's stylesheet and script, embedded by tools/embed.sh into
# src/html/assets.inc (kept in git: fuzz/build.sh compiles src/ without
# make), which view_html.c includes.
HTML_ASSETS := src/html/report.css src/html/common.js src/html/report.js
src/html/assets.inc: $(HTML_ASSETS) tools/embed.sh
	sh tools/embed.sh $@ html_css=src/html/report.css \
		html_common_js=src/html/common.js html_js=src/html/report.js
$(B)/obj/view_html.o: src/html/assets.inc

# --diff --format=html: report.css plus the diff page's own stylesheet
# and script, embedded into src/html/diff_assets.inc (kept in git, like
# assets.inc), which diff_html.c includes.
DIFF_HTML_ASSETS := src/html/report.css src/html/diff.css \
	src/html/common.js src/html/diff.js
src/html/diff_assets.inc: $(DIFF_HTML_ASSETS) tools/embed.sh
	sh tools/embed.sh $@ diff_page_base_css=src/html/report.css \
		diff_page_css=src/html/diff.css \
		diff_page_common_js=src/html/common.js diff_page_js=src/html/diff.js
$(B)/obj/diff_html.o: src/html/diff_assets.inc
