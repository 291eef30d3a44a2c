#include "views.h"
int
view_html(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	return gp_fail(err, "todo");
}
