/*
 * execl.c - the execl family through libgmon.so's wrappers (preload.c):
 * "execle" must hand over the environment given after the NULL that
 * ends its arguments, "execl" and "execlp" their arguments.  Each runs
 * env(1), which prints what it got.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	char *env[] = { "GMON_EXECLE=given", NULL };

	if (argc < 2)
		return 2;
	if (strcmp(argv[1], "execle") == 0)
		execle("/usr/bin/env", "env", (char *)NULL, env);
	else if (strcmp(argv[1], "execle-args") == 0)
		execle("/usr/bin/env", "env", "GMON_ARG=1", (char *)NULL, env);
	else if (strcmp(argv[1], "execl") == 0)
		execl("/usr/bin/env", "env", "-i", "GMON_ARG=1", "GMON_B=2",
		      (char *)NULL);
	else if (strcmp(argv[1], "execlp") == 0)
		execlp("env", "env", "-i", "GMON_ARG=1", (char *)NULL);
	perror("exec");
	return 1;
}
