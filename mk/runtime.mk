# mk/runtime.mk - the collector (runtime/, libgmon): the code a -pg
# program links with.  Its flags are its own and must stay so: never -pg
# or -finstrument-functions (the hooks would profile themselves), no
# vector registers in code that runs inside mcount (-mgeneral-regs-only,
# and no loops turned into memset/memcpy calls), no sanitizers (they
# instrument every call), position-independent for the shared library,
# initial-exec TLS only (a signal handler may run the hook), symbols
# hidden unless exported on purpose.  It shares nothing with src/ but
# include/gmon_format.h.
#
# Every runtime object keeps its code in the section gmon_text (objcopy
# renames .text; the function-reordering flags keep gcc from making
# .text.startup/.text.unlikely), so the sampler can tell samples inside
# the collector by __start_gmon_text/__stop_gmon_text.  The runtime is
# always built in build/, also under SAN=1.

# The hooks of the target the compiler builds for (runtime/arch/ARCH.S).
RUNTIME_ARCH := $(shell $(CC) -dumpmachine | cut -d- -f1)
RUNTIME_CFLAGS := -std=c11 -D_GNU_SOURCE -Iinclude -O2 -g -fPIC \
	-fno-omit-frame-pointer -fvisibility=hidden -mgeneral-regs-only \
	-fno-tree-loop-distribute-patterns -ftls-model=initial-exec \
	-fno-reorder-functions -fno-reorder-blocks-and-partition \
	-fno-stack-protector $(WARN) -MMD -MP
RUNTIME_SRCS := $(wildcard runtime/*.c)
RUNTIME_OBJS := $(RUNTIME_SRCS:runtime/%.c=build/runtime/%.o) \
	build/runtime/arch/$(RUNTIME_ARCH).o
# preload.c interposes _exit and exec*: in the shared library only.
RUNTIME_SO_ONLY := build/runtime/preload.o
RUNTIME_LIBS := build/libgmon.a build/libgmon.so
OBJCOPY ?= objcopy

build/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(CC) $(RUNTIME_CFLAGS) -MF $(@:.o=.d) -MT $@ -c -o $@.raw $<
	$(OBJCOPY) --rename-section .text=gmon_text $@.raw $@
	@rm -f $@.raw

build/runtime/arch/%.o: runtime/arch/%.S
	@mkdir -p $(dir $@)
	$(CC) -fPIC -c -o $@ $<

build/libgmon.a: $(RUNTIME_OBJS)
	@rm -f $@
	$(AR) rcs $@ $(filter-out $(RUNTIME_SO_ONLY),$(RUNTIME_OBJS))

build/libgmon.so: $(RUNTIME_OBJS)
	$(CC) -shared -Wl,-soname,libgmon.so -Wl,-z,defs \
		-Wl,-z,start-stop-visibility=hidden -o $@ \
		$(RUNTIME_OBJS) -lpthread -ldl

# musl (issue 13): the same runtime built with musl-gcc into build/musl/
# (libgmon.a and libgmon.so), only when asked: make runtime-musl (the
# suite tests/rt-musl does).  musl-gcc wraps the host's gcc, so the
# hooks are the host's; another musl compiler takes MUSL_CC, MUSL_ARCH,
# MUSL_OBJCOPY, MUSL_AR and an output folder MUSL_OUT (the suite's
# aarch64 group).  musl's include path has no kernel headers: sample_perf.c
# then declares the perf ABI itself (runtime/perf_abi.h).
MUSL_CC ?= musl-gcc
MUSL_ARCH ?= $(RUNTIME_ARCH)
MUSL_OBJCOPY ?= $(OBJCOPY)
MUSL_AR ?= $(AR)
MUSL_OUT ?= build/musl
MUSL_RT_OBJS := $(RUNTIME_SRCS:runtime/%.c=$(MUSL_OUT)/runtime/%.o) \
	$(MUSL_OUT)/runtime/arch/$(MUSL_ARCH).o
MUSL_RT_SO_ONLY := $(MUSL_OUT)/runtime/preload.o
# aarch64: inline atomics (gcc's default out-of-line ones are libgcc
# helpers that call glibc's __getauxval, which libc.so of musl lacks).
MUSL_CFLAGS_aarch64 := -mno-outline-atomics -mbranch-protection=standard

$(MUSL_OUT)/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(MUSL_CC) $(RUNTIME_CFLAGS) $(MUSL_CFLAGS_$(MUSL_ARCH)) \
		-MF $(@:.o=.d) -MT $@ -c -o $@.raw $<
	$(MUSL_OBJCOPY) --rename-section .text=gmon_text $@.raw $@
	@rm -f $@.raw

$(MUSL_OUT)/runtime/arch/%.o: runtime/arch/%.S
	@mkdir -p $(dir $@)
	$(MUSL_CC) -fPIC -c -o $@ $<

$(MUSL_OUT)/libgmon.a: $(MUSL_RT_OBJS)
	@rm -f $@
	$(MUSL_AR) rcs $@ $(filter-out $(MUSL_RT_SO_ONLY),$(MUSL_RT_OBJS))

$(MUSL_OUT)/libgmon.so: $(MUSL_RT_OBJS)
	$(MUSL_CC) -shared -Wl,-soname,libgmon.so -Wl,-z,defs \
		-Wl,-z,start-stop-visibility=hidden -o $@ $(MUSL_RT_OBJS)

.PHONY: runtime-musl
runtime-musl: $(MUSL_OUT)/libgmon.a $(MUSL_OUT)/libgmon.so

.PHONY: install-runtime
# gmon.pc and the CMake package: mk/packaging.mk.
install-runtime: $(RUNTIME_LIBS)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/share/man/man3
	install -m 644 build/libgmon.a $(DESTDIR)$(PREFIX)/lib/libgmon.a
	install -m 755 build/libgmon.so $(DESTDIR)$(PREFIX)/lib/libgmon.so
	install -m 644 runtime/libgmon.3 \
		$(DESTDIR)$(PREFIX)/share/man/man3/libgmon.3

-include $(RUNTIME_OBJS:.o=.d) $(MUSL_RT_OBJS:.o=.d)

# The collector cross-built for aarch64 (runtime/arch/aarch64.S), for
# tests/rt-aarch64 and bench/runtime-aarch64.sh, which run it under
# qemu-user: "make runtime-aarch64" builds build/aarch64/libgmon.a and
# libgmon.so; plain make does not.  -mbranch-protection=standard makes
# the C code BTI- and PAC-compatible like the hook (NOPs on older cores).
AARCH64_CC ?= aarch64-linux-gnu-gcc
AARCH64_OBJCOPY ?= aarch64-linux-gnu-objcopy
AARCH64_AR ?= aarch64-linux-gnu-ar
RT_A64 := build/aarch64
RT_A64_OBJS := $(RUNTIME_SRCS:runtime/%.c=$(RT_A64)/runtime/%.o) \
	$(RT_A64)/runtime/arch/aarch64.o

.PHONY: runtime-aarch64
runtime-aarch64: $(RT_A64)/libgmon.a $(RT_A64)/libgmon.so

$(RT_A64)/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(AARCH64_CC) $(RUNTIME_CFLAGS) -mbranch-protection=standard \
		-MF $(@:.o=.d) -MT $@ -c -o $@.raw $<
	$(AARCH64_OBJCOPY) --rename-section .text=gmon_text $@.raw $@
	@rm -f $@.raw

$(RT_A64)/runtime/arch/%.o: runtime/arch/%.S
	@mkdir -p $(dir $@)
	$(AARCH64_CC) -fPIC -c -o $@ $<

$(RT_A64)/libgmon.a: $(RT_A64_OBJS)
	@rm -f $@
	$(AARCH64_AR) rcs $@ $(filter-out $(RT_A64)/runtime/preload.o,$(RT_A64_OBJS))

$(RT_A64)/libgmon.so: $(RT_A64_OBJS)
	$(AARCH64_CC) -shared -Wl,-soname,libgmon.so -Wl,-z,defs \
		-Wl,-z,start-stop-visibility=hidden -o $@ \
		$(RT_A64_OBJS) -lpthread -ldl

-include $(wildcard $(RT_A64)/runtime/*.d)
