# mk/tools.mk - the test tools (tools/*.c, one program each: mkgmon
# writes synthetic profiles).  Plain C11 with the format header; no
# threads, no libraries.

TOOLS_CFLAGS := -std=c11 -D_GNU_SOURCE -Iinclude $(WARN) $(CFLAGS) $(SANFLAGS)
TOOLS := $(patsubst tools/%.c,$(B)/%,$(wildcard tools/*.c))

$(B)/%: tools/%.c include/gmon_format.h
	@mkdir -p $(dir $@)
	$(CC) $(TOOLS_CFLAGS) -o $@ $<
