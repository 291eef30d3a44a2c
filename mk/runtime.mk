# mk/runtime.mk - the collector (runtime/, libgmon), once it exists: the
# code a -pg program links with.  Its flags are its own and must stay
# so: never -pg or -finstrument-functions (the hooks would profile
# themselves), no vector registers in code that runs inside mcount
# (-mgeneral-regs-only), no sanitizers (they instrument every call),
# position-independent for the shared library, symbols hidden unless
# exported on purpose.  It shares nothing with src/ but
# include/gmon_format.h.

RUNTIME_CFLAGS := -std=c11 -D_GNU_SOURCE -Iinclude -O2 -g -fPIC \
	-fno-omit-frame-pointer -fvisibility=hidden -mgeneral-regs-only \
	$(WARN) -MMD -MP
RUNTIME_SRCS := $(wildcard runtime/*.c)
RUNTIME_OBJS := $(RUNTIME_SRCS:runtime/%.c=build/runtime/%.o)

build/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(CC) $(RUNTIME_CFLAGS) -c -o $@ $<

-include $(RUNTIME_OBJS:.o=.d)
