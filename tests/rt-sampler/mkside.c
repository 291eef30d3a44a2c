/*
 * mkside.c - writes a side file with runtime/side.c, for the gprof
 * cases of tests/rt-sampler/run.sh:
 *
 *   mkside OUT RUN_ID_HEX BUILD_ID_HEX EXE
 *
 * RUN_ID_HEX is 24 hex digits; BUILD_ID_HEX any even number (or "-" for
 * none).  The clock and thread figures are fixed, made-up values.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "side.h"

static size_t
unhex(const char *s, uint8_t *out, size_t cap)
{
	size_t n = 0;
	unsigned v;
	while (n < cap && sscanf(s + 2 * n, "%2x", &v) == 1)
		out[n++] = (uint8_t)v;
	return n;
}

int
main(int argc, char **argv)
{
	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: mkside OUT RUN_ID BUILD_ID EXE [RATE_MHZ]\n");
		return 2;
	}
	uint8_t bid[64];
	struct side_info s;
	memset(&s, 0, sizeof(s));
	if (unhex(argv[2], s.run_id, sizeof(s.run_id)) != 12) {
		fprintf(stderr, "mkside: the run id needs 24 hex digits\n");
		return 2;
	}
	s.build_id = bid;
	s.build_id_len = strcmp(argv[3], "-") ? unhex(argv[3], bid, 64) : 0;
	s.exe_path = argv[4];
	struct sample_result r;
	memset(&r, 0, sizeof(r));
	r.asked_hz = 1000;
	r.rate_hz = 997;
	r.rate_mhz = 996500;
	if (argc == 6) /* a clock that delivered this many mHz */
		r.rate_mhz = strtoull(argv[5], NULL, 10);
	r.sampled_ns = 2500000000u;
	r.clock = "perf task-clock";
	r.clock_kind = SAMPLE_PERF;
	r.samples = 2490;
	r.outside = 1;
	r.threads = 2;
	s.samples = &r;
	struct side_thread t[2] = { { 100, 10, 2, 0, 0 },
				    { 101, 20, 3, 1, 0 } };
	s.threads = t;
	s.nthreads = 2;
	s.calls = 30;
	s.nested = 1;
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || side_write_fd(fd, &s) != 0 || close(fd) != 0) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
