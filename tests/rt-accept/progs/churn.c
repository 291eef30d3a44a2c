/*
 * churn.c THREADS - THREADS short-lived threads, a few at a time, each
 * calling churn_work three times: the tables of finished threads must
 * keep their counts (and be reused), so every call is counted.
 */
#include <pthread.h>
#include <stdlib.h>

#include "truth.h"

#define BATCH 8

struct counts {
	unsigned long entry_work, work_leaf;
};

NOI void
churn_leaf(void)
{
	AFTER_CALL();
}

NOI void
churn_work(struct counts *c)
{
	c->work_leaf++;
	churn_leaf();
	AFTER_CALL();
}

NOI void *
churn_entry(void *arg)
{
	struct counts *c = arg;
	for (int i = 0; i < 3; i++) {
		c->entry_work++;
		churn_work(c);
		AFTER_CALL();
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	int total = argc > 1 ? atoi(argv[1]) : 10000;
	struct counts sum = { 0, 0 };
	for (int done = 0; done < total; done += BATCH) {
		pthread_t tid[BATCH];
		struct counts c[BATCH] = { { 0, 0 } };
		int n = total - done < BATCH ? total - done : BATCH;
		for (int i = 0; i < n; i++)
			if (pthread_create(&tid[i], NULL, churn_entry, &c[i]) !=
			    0)
				return 3;
		for (int i = 0; i < n; i++) {
			pthread_join(tid[i], NULL);
			sum.entry_work += c[i].entry_work;
			sum.work_leaf += c[i].work_leaf;
		}
	}
	truth_arc("churn_entry", "churn_work", sum.entry_work);
	truth_arc("churn_work", "churn_leaf", sum.work_leaf);
	return 0;
}
