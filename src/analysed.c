/*
 * analysed.c - release a struct analysed (analysed.h).
 */
#include "analysed.h"

#include <stdlib.h>

void
analysed_free(struct analysed *r)
{
	free(r->ticks);
	free(r->graph_flags);
	free(r->flat_excluded);
	free(r->exec_hidden);
	free(r->flat_order);
	free(r->name_order);
	r->flat_order = NULL;
	r->name_order = NULL;
	select_free(&r->sel);
	cg_free(&r->cg);
	r->ticks = NULL;
	r->graph_flags = NULL;
	r->flat_excluded = NULL;
	r->exec_hidden = NULL;
	r->total_ticks = 0;
}
