# mk/runner.mk - gprof-run (runner/): runs an unmodified -pg program
# with libgmon.so preloaded.  Plain C11, no libraries; the collector is
# found beside the binary, in ../lib, or in $(PREFIX)/lib (baked in).

RUNNER := $(B)/gprof-run
RUNNER_CFLAGS := -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) \
	-DGPROF_RUN_LIBDIR='"$(PREFIX)/lib"'

$(RUNNER): runner/gprof-run.c
	@mkdir -p $(dir $@)
	$(CC) $(RUNNER_CFLAGS) -o $@ $< $(ALL_LDFLAGS)

# The collector is built in build/ only (never with sanitizers); a
# sanitizer build (build/san) links both its libraries beside itself,
# so that its gprof-run finds libgmon.so and the suites that link
# $BUILD/libgmon.a find it (tests/rt-sampler's sums failed to build under
# SAN=1; tests/input-objects' end-to-end case skipped).
ifneq ($(B),build)
all check demo: $(B)/libgmon.so $(B)/libgmon.a
$(B)/libgmon.so: build/libgmon.so
	@mkdir -p $(dir $@)
	ln -sf ../libgmon.so $@
$(B)/libgmon.a: build/libgmon.a
	@mkdir -p $(dir $@)
	ln -sf ../libgmon.a $@
endif

.PHONY: install-runner
install-runner: $(RUNNER)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(RUNNER) $(DESTDIR)$(PREFIX)/bin/gprof-run
	install -m 644 runner/gprof-run.1 \
		$(DESTDIR)$(PREFIX)/share/man/man1/gprof-run.1
