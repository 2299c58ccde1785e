/* fuzz-image: a libFuzzer target for the screenshot reader.
 *
 * Whatever the bytes, decoding them as a picture (GdkPixbuf, with the
 * size checked from the header before decoding) and then looking for a
 * board of every game must end in a picture and a level, or an error that
 * says why in valid UTF-8: never a crash, a hang or a sanitizer report. A
 * level found must be one of the size limits' and write as text. Anything
 * broken is an abort(): a finding. Seeded with the small pictures under
 * tests/ and ../shared (run-fuzz.py, name "image"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb-import.h"
#include "hb-registry.h"

static void
finding (const char *what, const char *detail)
{
  fprintf (stderr, "fuzz-image: %s: %s\n", what, detail ? detail : "");
  abort ();
}

static void
check_error (GError *error)
{
  if (error == NULL || error->message == NULL || error->message[0] == '\0')
    finding ("a reading failed without saying why", NULL);
  if (!g_utf8_validate (error->message, -1, NULL))
    finding ("an error message is not valid UTF-8", NULL);
  g_error_free (error);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  HbImage *image = hb_image_load_bytes (data, size, "fuzz", &error);
  HbImportReport *report;
  HbState *state;
  char *text;

  if (image == NULL)
    {
      check_error (error);
      return 0;
    }
  if (image->width < 1 || image->height < 1 || image->stride < 3 * image->width)
    finding ("a picture of impossible shape", NULL);
  report = hb_import_report_new ();
  state = hb_registry_from_image (image, NULL, report, NULL, &error);
  if (state == NULL)
    check_error (error);
  else
    {
      if (state->width < 1 || state->height < 1
          || state->width > HB_MAX_SIDE || state->height > HB_MAX_SIDE)
        finding ("a level of impossible size", state->game->id);
      text = state->game->write (state, HB_WRITE_NATIVE, &error);
      if (text == NULL)
        finding ("a level read from a picture does not write", state->game->id);
      g_free (text);
      hb_state_free (state);
    }
  hb_import_report_free (report);
  hb_image_free (image);
  return 0;
}
