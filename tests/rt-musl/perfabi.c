/*
 * perfabi.c - the layout of the perf ABI as sample_perf.c sees it: built
 * once with the kernel's <linux/perf_event.h> and once with
 * -DGMON_OWN_PERF_ABI (runtime/perf_abi.h, what a musl build uses);
 * the two outputs must be the same.  Prints the offsets of the fields
 * and the bit of each flag sample_perf.c sets, and the constants' values.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#if !defined(GMON_OWN_PERF_ABI) && __has_include(<linux/perf_event.h>)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#else
#include "perf_abi.h"
#endif

#define OFF(type, field)                                                       \
	printf(#type "." #field " %zu\n", offsetof(type, field))

/* The bit (from the start of the block) that setting a flag turns on. */
#define FLAG(field)                                                            \
	do {                                                                   \
		struct perf_event_attr a;                                      \
		memset(&a, 0, sizeof a);                                       \
		a.field = 1;                                                   \
		printf("flag " #field " bit %d\n", first_bit(&a, sizeof a));   \
	} while (0)

static int
first_bit(const void *p, size_t len)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < len; i++)
		for (int k = 0; k < 8; k++)
			if (b[i] >> k & 1)
				return (int)(i * 8 + (size_t)k);
	return -1;
}

int
main(void)
{
	OFF(struct perf_event_attr, type);
	OFF(struct perf_event_attr, size);
	OFF(struct perf_event_attr, config);
	OFF(struct perf_event_attr, sample_period);
	OFF(struct perf_event_attr, sample_type);
	OFF(struct perf_event_attr, wakeup_watermark);
	FLAG(disabled);
	FLAG(exclude_kernel);
	FLAG(exclude_hv);
	FLAG(watermark);
	FLAG(exclude_callchain_kernel);
	OFF(struct perf_event_attr, sample_stack_user);
	OFF(struct perf_event_header, type);
	OFF(struct perf_event_header, size);
	printf("header %zu\n", sizeof(struct perf_event_header));
	OFF(struct perf_event_mmap_page, data_head);
	OFF(struct perf_event_mmap_page, data_tail);
	printf("values %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu\n",
	       (unsigned long)PERF_TYPE_SOFTWARE,
	       (unsigned long)PERF_COUNT_SW_TASK_CLOCK,
	       (unsigned long)PERF_SAMPLE_IP,
	       (unsigned long)PERF_SAMPLE_PERIOD,
	       (unsigned long)PERF_RECORD_LOST,
	       (unsigned long)PERF_RECORD_SAMPLE,
	       (unsigned long)PERF_FLAG_FD_CLOEXEC,
	       (unsigned long)PERF_EVENT_IOC_ENABLE,
	       (unsigned long)PERF_EVENT_IOC_DISABLE,
	       (unsigned long)PERF_EVENT_IOC_REFRESH,
	       (unsigned long)PERF_EVENT_IOC_SET_OUTPUT);
	printf("stacks %lu %lu\n", (unsigned long)PERF_SAMPLE_CALLCHAIN,
	       (unsigned long)PERF_SAMPLE_STACK_USER);
	return 0;
}
