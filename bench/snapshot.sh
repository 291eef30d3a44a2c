#!/bin/sh
# bench/snapshot.sh BUILD - how long a snapshot stops a program's threads.
#
# A generated program of 250 callers that each call 200 leaves from call
# sites of their own (50,000 arcs) runs 1 and then 8 threads that call the callers
# round and round at full speed, each timing every caller's call
# (CLOCK_MONOTONIC) and keeping its longest gap.  It runs twice under
# libgmon (BUILD/libgmon.a): without snapshots, and with SIGUSR1
# snapshots (LIBGMON_DUMP_ON=USR1) sent every 200 ms by the program
# itself, 10 of them.  Printed: the longest gap any thread saw in each
# run, the snapshots written, the mean time from the signal to the new
# gmon.out (wall) and the mean CPU time of the collector's gmon-snap
# thread per snapshot (its schedstat).  The
# snapshot is written by the collector's own thread while the program
# goes on, so the gaps with snapshots should match the gaps without.
set -u
B=$(cd "${1:?build dir}" && pwd) || exit 1
out=$B/bench/snapshot
rm -rf "$out"
mkdir -p "$out"
awk 'BEGIN {
	nc = 250; nl = 200
	print "#define _GNU_SOURCE"
	print "#include <pthread.h>"
	print "#include <signal.h>"
	print "#include <stdio.h>"
	print "#include <stdlib.h>"
	print "#include <sys/stat.h>"
	print "#include <dirent.h>"
	print "#include <string.h>"
	print "#include <time.h>"
	print "#include <unistd.h>"
	print "#define NOI __attribute__((noinline, noclone, noipa, used))"
	for (j = 0; j < nl; j++)
		printf "NOI void leaf%d(void) { __asm__ volatile(\"\"); }\n", j
	for (i = 0; i < nc; i++) {
		printf "NOI void caller%d(void) {\n", i
		for (j = 0; j < nl; j++)
			printf "\tleaf%d(); __asm__ volatile(\"\");\n", j
		print "}"
	}
	printf "static void (*const callers[%d])(void) = {\n", nc
	for (i = 0; i < nc; i++)
		printf "\tcaller%d,\n", i
	print "};"
	printf "#define NC %d\n", nc
}' >"$out/snapbench.c"
cat >>"$out/snapbench.c" <<'EOF'
static volatile int stop;
static long long gaps[8];
static unsigned long long rounds[8];

/* The CPU time (ns) of this process's thread named NAME, 0: none. */
static long long
thread_cpu(const char *name)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	long long ns = 0;
	while (d && (e = readdir(d)) != NULL) {
		char path[300], comm[64] = "";
		snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof comm, f))
			comm[strcspn(comm, "\n")] = 0;
		fclose(f);
		if (strcmp(comm, name) != 0)
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%s/schedstat",
			 e->d_name);
		f = fopen(path, "r");
		if (f && fscanf(f, "%lld", &ns) != 1)
			ns = 0;
		if (f)
			fclose(f);
	}
	if (d)
		closedir(d);
	return ns;
}

static long long
now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void *
worker(void *p)
{
	long k = (long)p;
	long long last = now_ns(), worst = 0;
	while (!stop) {
		for (int i = 0; i < NC; i++) {
			callers[i]();
			long long t = now_ns();
			if (t - last > worst)
				worst = t - last;
			last = t;
		}
		rounds[k]++;
	}
	gaps[k] = worst;
	return NULL;
}

int
main(int argc, char **argv)
{
	int snaps = argc > 1 ? atoi(argv[1]) : 0;
	int nw = argc > 2 ? atoi(argv[2]) : 8;
	if (nw < 1 || nw > 8)
		nw = 8;
	pthread_t t[8];
	for (long i = 0; i < nw; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	struct timespec warm = { 0, 300000000 }, gap = { 0, 200000000 };
	nanosleep(&warm, NULL);
	long long spent = 0;
	int written = 0;
	for (int s = 0; s < (snaps ? snaps : 10); s++) {
		struct stat before, after;
		if (stat("gmon.out", &before) != 0)
			before.st_mtim.tv_sec = before.st_mtim.tv_nsec = 0;
		long long t0 = now_ns();
		if (snaps)
			kill(getpid(), SIGUSR1);
		/* Wait for the new file (at most the gap). */
		for (int w = 0; snaps && w < 2000; w++) {
			if (stat("gmon.out", &after) == 0 &&
			    (after.st_mtim.tv_sec != before.st_mtim.tv_sec ||
			     after.st_mtim.tv_nsec != before.st_mtim.tv_nsec)) {
				spent += now_ns() - t0;
				written++;
				break;
			}
			struct timespec tick = { 0, 100000 };
			nanosleep(&tick, NULL);
		}
		while (nanosleep(&gap, &gap) != 0)
			;
		gap.tv_nsec = 200000000;
	}
	long long snap_cpu = thread_cpu("gmon-snap");
	stop = 1;
	long long worst = 0;
	unsigned long long all = 0;
	for (int i = 0; i < nw; i++) {
		pthread_join(t[i], NULL);
		if (gaps[i] > worst)
			worst = gaps[i];
		all += rounds[i];
	}
	printf("%d %lld %lld %llu %lld\n", written, worst / 1000,
	       written ? spent / written / 1000 : 0, all,
	       written ? snap_cpu / written / 1000 : 0);
	return 0;
}
EOF
cc -O1 -pg -o "$out/snapbench" "$out/snapbench.c" "$B/libgmon.a" -pthread 2>"$out/build.log" || {
	echo "snapshot bench: cannot build (see $out/build.log)"
	exit 1
}
# without, with: "snapshots longest-gap-us mean-write-us rounds cpu-us",
# with 1 worker (the machine's other CPU left to the collector's
# thread: a stop would show as a gap) and with 8.
echo "## snapshots of a 50,000-arc program, workers calling at full speed"
echo
echo "| workers | run | snapshots | longest gap in a worker (ms) | mean write, wall (ms) | mean write, CPU (ms) | rounds |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
ms() { awk -v u="$1" 'BEGIN { printf "%.2f", u / 1000 }'; }
for w in 1 8; do
	for run in plain snap; do
		mkdir -p "$out/$w-$run"
		n=0
		[ $run = snap ] && n=10
		if ! (cd "$out/$w-$run" && LIBGMON_DUMP_ON=USR1 "$out/snapbench" $n $w) \
			>"$out/$w-$run.txt"; then
			echo "snapshot bench: $out/snapbench $n $w failed"
			exit 1
		fi
		read -r sn sg sw sr sc <"$out/$w-$run.txt"
		if [ $run = plain ]; then
			printf '| %s | no snapshot | 0 | %s | - | - | %s |\n' \
				"$w" "$(ms "$sg")" "$sr"
		else
			printf '| %s | SIGUSR1 every 200 ms | %s | %s | %s | %s | %s |\n' \
				"$w" "$sn" "$(ms "$sg")" "$(ms "$sw")" "$(ms "$sc")" "$sr"
		fi
	done
done
