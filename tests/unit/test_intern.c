/*
 * test_intern.c - intern.h: ids in order of first appearance, one id per
 * distinct string however often it comes, strings kept through growth.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "intern.h"

static void
ids(void)
{
	struct intern t;
	bool fresh = false;
	char buf[32];

	intern_init(&t);
	t_begin("intern/ids");
	check_u64(intern_id(&t, "a.c", &fresh), 0, "first id");
	check_true(fresh, "first is fresh");
	check_u64(intern_id(&t, "b.c", NULL), 1, "second id");
	check_u64(intern_id(&t, "a.c", &fresh), 0, "same string, same id");
	check_true(!fresh, "second sight is not fresh");
	check_u64(intern_id(&t, "", NULL), 2, "the empty string");
	check_str(intern_str(&t, 1), "b.c", "string of id 1");
	t_end();
	t_begin("intern/growth");
	for (int i = 0; i < 20000; i++) {
		snprintf(buf, sizeof(buf), "f%d", i % 5000);
		if (!check_u64(intern_id(&t, buf, NULL),
			       3 + (uint64_t)(i % 5000),
			       "id of a repeated name"))
			break;
	}
	check_u64(t.n, 5003, "distinct strings");
	check_str(intern_str(&t, 4002), "f3999", "a string after growth");
	check_str(intern_str(&t, 0), "a.c", "the first string after growth");
	t_end();
	intern_free(&t);
}

T_MODULE(intern)
{
	t_run("intern", ids);
}
