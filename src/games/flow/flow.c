/* flow.c: Flow Free as an HbGame: the facts, states and formats the shell
 * uses. The model (states, text format, answers) is flow-model.c. */
#include "flow.h"

#include <glib/gi18n.h>
#include <string.h>

static HbState *
flow_new_blank (int width, int height)
{
  if (width < 1 || height < 1 || width > HB_MAX_SIDE || height > HB_MAX_SIDE)
    return NULL;
  return &flow_state_new (width, height, 0)->base;
}

static HbState *
flow_copy (const HbState *s)
{
  return &flow_state_copy (FLOW_CONST (s))->base;
}

static void
flow_free (HbState *s)
{
  flow_state_free (FLOW (s));
}

static gboolean
flow_equal (const HbState *a, const HbState *b)
{
  const FlowState *x = FLOW_CONST (a), *y = FLOW_CONST (b);
  gsize n = (gsize) a->width * a->height;

  return a->game == b->game && a->width == b->width && a->height == b->height
         && x->colours == y->colours && x->moves == y->moves
         && memcmp (x->dot, y->dot, n) == 0
         && memcmp (x->colour, y->colour, n) == 0
         && memcmp (x->links, y->links, n) == 0;
}

static HbState *
flow_parse (const char *text, gsize len, GError **error)
{
  FlowState *s = flow_parse_text (text, len, error);
  return s != NULL ? &s->base : NULL;
}

static char *
flow_write (const HbState *s, HbWriteFormat format, GError **error)
{
  (void) format;
  (void) error;
  return flow_write_text (FLOW_CONST (s), FALSE);
}

static gboolean
flow_game_is_solved (const HbState *s)
{
  return flow_is_solved (FLOW_CONST (s));
}

const HbGame flow_game = {
  .id = "flow",
  .name = N_("Flow Free"),
  .extension = ".flow",
  .description = N_("Join each pair of equal dots by a path; the paths fill the board and never cross."),
  .default_width = 7,
  .default_height = 7,
  .max_ui_side = 100,
  .default_colours = 6,
  .max_colours = FLOW_MAX_COLOURS,
  .solvers = flow_solvers,
  .new_blank = flow_new_blank,
  .copy = flow_copy,
  .free = flow_free,
  .equal = flow_equal,
  .parse = flow_parse,
  .write = flow_write,
  .is_solved = flow_game_is_solved,
};
