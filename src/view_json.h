/*
 * view_json.h - the JSON document of --format=json, for views that
 * embed it (--format=html puts it in its page).
 *
 * The document follows docs/gprof-profile.schema.json (format
 * "gprof-profile", version VIEW_JSON_VERSION); the schema is the
 * contract, this is one writer of it.  Every number says in its name
 * whether it was measured (samples, counts) or estimated (gprof's
 * propagation of time along arcs, "_estimated").
 */
#ifndef GPROF_VIEW_JSON_H
#define GPROF_VIEW_JSON_H

#include "jsonw.h"
#include "views.h"

#define VIEW_JSON_VERSION 1

/* Write V's whole document as one value to W (whose caller finishes it). */
void view_json_emit(struct jsonw *w, const struct view_ctx *v);

/*
 * The document's id of each of M's M->nfuncs functions (UINT32_MAX for
 * those it does not list), newly allocated; *NSHOWN the number listed.
 */
uint32_t *view_json_ids(const struct model *m, size_t *nshown);

#endif
