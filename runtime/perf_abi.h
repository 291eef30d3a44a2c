/*
 * perf_abi.h - the few pieces of the kernel's perf_event interface the
 * sampler uses, for C libraries whose headers do not carry the kernel's
 * own (musl-gcc puts only musl's headers on the include path; there is
 * no <linux/perf_event.h>).  sample.c takes the kernel header when it
 * can be found, else this one; GMON_OWN_PERF_ABI forces this one (the
 * musl suite builds a probe both ways and compares the layouts).
 *
 * These are ABI facts, fixed by the kernel: the attribute block in its
 * third published size (96 bytes, with sample_stack_user: Linux 3.7 and
 * later accept it; the fields a newer kernel added after it read as
 * zero), the header of
 * a ring-buffer record, and the control page's head and tail words at
 * byte 1024.  Only the names sample.c uses are declared.
 */
#ifndef GMON_PERF_ABI_H
#define GMON_PERF_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>

enum {
	PERF_TYPE_SOFTWARE = 1,
	PERF_COUNT_SW_TASK_CLOCK = 1,
	PERF_SAMPLE_IP = 1,
	PERF_SAMPLE_CALLCHAIN = 1 << 5,
	PERF_SAMPLE_PERIOD = 1 << 8,
	PERF_SAMPLE_REGS_USER = 1 << 12,
	PERF_SAMPLE_STACK_USER = 1 << 13,
	PERF_RECORD_LOST = 2,
	PERF_RECORD_SAMPLE = 9,
};

#define PERF_FLAG_FD_CLOEXEC (1UL << 3)
#define PERF_EVENT_IOC_ENABLE _IO('$', 0)
#define PERF_EVENT_IOC_DISABLE _IO('$', 1)
#define PERF_EVENT_IOC_REFRESH _IO('$', 2)
#define PERF_EVENT_IOC_SET_OUTPUT _IO('$', 5)

struct perf_event_attr {
	uint32_t type;
	uint32_t size; /* sizeof this block: what the kernel reads */
	uint64_t config;
	uint64_t sample_period;
	uint64_t sample_type;
	uint64_t read_format;
	/* One 64-bit word of flags, in the kernel's declaration order. */
	uint64_t disabled : 1, inherit : 1, pinned : 1, exclusive : 1,
	    exclude_user : 1, exclude_kernel : 1, exclude_hv : 1,
	    exclude_idle : 1, mmap : 1, comm : 1, freq : 1, inherit_stat : 1,
	    enable_on_exec : 1, task : 1, watermark : 1, precise_ip : 2,
	    mmap_data : 1, sample_id_all : 1, exclude_host : 1,
	    exclude_guest : 1, exclude_callchain_kernel : 1, flags_rest_ : 42;
	uint32_t wakeup_watermark; /* bytes, since watermark is set */
	uint32_t bp_type;
	uint64_t config1;
	uint64_t config2;
	uint64_t branch_sample_type;
	uint64_t sample_regs_user;
	uint32_t sample_stack_user; /* bytes of the user stack per sample */
	int32_t clockid;
};

struct perf_event_header {
	uint32_t type;
	uint16_t misc;
	uint16_t size; /* of the whole record, header included */
};

/* The first page of the ring mapping: only the reader's two words. */
struct perf_event_mmap_page {
	unsigned char info_[1024]; /* version, time conversion, ... */
	uint64_t data_head;        /* written by the kernel */
	uint64_t data_tail;        /* written by the reader */
};

_Static_assert(sizeof(struct perf_event_attr) == 96,
	       "perf_event_attr: the third published size");
_Static_assert(offsetof(struct perf_event_attr, sample_stack_user) == 88,
	       "perf_event_attr: sample_stack_user at 88");
_Static_assert(offsetof(struct perf_event_attr, wakeup_watermark) == 48,
	       "perf_event_attr: the word after the flags");
_Static_assert(sizeof(struct perf_event_header) == 8,
	       "perf_event_header: 8 bytes");
_Static_assert(offsetof(struct perf_event_mmap_page, data_head) == 1024,
	       "perf_event_mmap_page: data_head at 1024");

#endif
