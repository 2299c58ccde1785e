/* hb-player-bar-private.h: the player bar's fields, shared by
 * hb-player-bar.c (playing, the labels, the scrubber) and
 * hb-player-bar-compact.c (the narrow layout and its menu). */
#pragma once

#include <adwaita.h>

#include "hb-player-bar.h"

G_BEGIN_DECLS

struct _HbPlayerBar
{
  GtkBox parent_instance;

  GtkLabel      *description_label;
  GtkLabel      *step_label;
  GtkLabel      *depth_label;
  GtkLabel      *counter_label;
  GtkLabel      *frame_label;
  GtkLabel      *truncated_label;
  GtkButton     *play_button;
  GtkWidget     *export_button;
  GtkScale      *position_scale;
  GtkWidget     *solution_button;
  GtkWidget     *decision_button;
  GtkAdjustment *position_adjustment;
  GtkScale      *speed_scale;
  GtkAdjustment *speed_adjustment;
  GtkWidget     *speed_label;
  GtkWidget     *transport_row;
  GtkWidget     *scrubber_row;
  GtkWidget     *stats_row;
  GtkWidget     *more_button;
  GtkWidget     *speed_slot;    /* the speed control's place in the menu */
  GMenu         *export_section;

  gboolean       can_export;
  gboolean       compact;
  gboolean       want_compact;
  int            wide_min;      /* the wide bar's minimum width when last seen */
  guint          relayout_id;

  HbPlayer      *player;
  const HbTrace *trace;
  /* Whether a step of the trace goes deeper than 0 (a search's), found
   * out as far as depth_seen steps: a run without depths shows none. */
  gboolean       has_depth;
  gsize          depth_seen;
  /* The last position where a solution shows (the answer's counts), 0
   * when none: Next Solution is greyed out from there on. */
  gsize          last_solution;
  gsize          last_decision;    /* the position after it; 0: none */

  gboolean       playing;
  guint          tick_id;
  gint64         last_frame_time;
  double         pending;       /* fraction of a step carried to the next frame */
  double         speed;
  gboolean       updating;      /* guards the scale's value-changed */
  guint          settle_id;     /* the scrubber's rest before "step-shown" */
};

/* The scrubber's marks and what the jumps have ahead, for a new player
 * (hb-player-bar-marks.c); the jumps greyed out past the last of each. */
void hb_player_bar_update_marks (HbPlayerBar *self);
void hb_player_bar_update_jumps (HbPlayerBar *self, gsize pos);

/* Builds the compact bar's menu and the probe that reports the bar's width
 * (from hb_player_bar_init, after the template). */
void hb_player_bar_compact_init (HbPlayerBar *self);
/* Gives the step's description its lines, two or (compact) three, and
 * keeps their height whatever the text. */
void hb_player_bar_reserve_lines (HbPlayerBar *self);
/* Words the note of a cut animation for the layout: the whole sentence
 * (kept in its tooltip) on the narrow bar's line of its own, two words
 * beside the wide bar's counters, where the sentence was ellipsized. */
void hb_player_bar_word_cut_note (HbPlayerBar *self);

G_END_DECLS
