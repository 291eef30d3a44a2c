/*
 * White-box: gmon_write() with counts no real run reaches quickly: an
 * arc called 5,000,000,000 times (more than a record's 32 bits) and
 * bins of 70,000 and 200,000 samples (more than a record's 16 bits).
 * GNU gprof must read the split records back as the sums: hot() is
 * called 5000000000 times and has 270000 samples at 100 Hz = 2700 s.
 * Built without -pg (nothing else is profiled), non-PIE (load base 0).
 * argv[1]: the profile to write.
 */
#include <string.h>

#include "gmon_rt.h"

__attribute__((noinline, aligned(16))) void
hot(void)
{
	__asm__ volatile("nop; nop; nop; nop; nop; nop; nop; nop");
}

__attribute__((noinline, aligned(16))) void
caller(void)
{
	hot();
	__asm__ volatile("");
}

static uint32_t bins[4];
static struct gmon_slot slots[4];
static struct gmon_run run;

int
main(int argc, char **argv)
{
	if (argc < 2 || strlen(argv[1]) >= sizeof run.cfg.pattern)
		return 2;
	strcpy(run.cfg.pattern, argv[1]);
	run.cfg.sample.rate_hz = 100;
	uintptr_t h = (uintptr_t)hot, c = (uintptr_t)caller;
	run.lo = h < c ? h : c;
	run.hi = (h > c ? h : c) + 16;
	bins[0] = 70000;
	bins[1] = 200000;
	struct sample_result sr = { 0 };
	sr.bins = bins;
	sr.nbins = 4;
	sr.lowpc = h;
	sr.asked_hz = sr.rate_hz = 100;
	sr.clock = "test";
	sr.samples = 270000;
	/* A return address inside caller(), and hot()'s entry. */
	slots[1].from = c + 5;
	slots[1].self = h + 1;
	slots[1].count = 5000000000u;
	struct gmon_merged m = { 0 };
	m.slots = slots;
	m.nslots = 4;
	m.narcs = 1;
	m.calls = 5000000000u;
	return gmon_write(&run, &m, &sr) == 0 ? 0 : 1;
}
