// What the marketing suite's figures mean, found by profiling them. Figures here that the suite does not
// measure itself come from investigations made while writing it, and say so.
export const MARKETING_NOTES = `Where the time goes, and the floors (the machine is 2 cores shared with other agents: compare the
ratios and the splits, not the milliseconds, and expect ±20 % between runs):

- **Generation.** About two thirds is Chromium drawing the stills, a third festival. Of a still, the larger
  part is Playwright's PNG capture and encode of the 1080p frame (~0.3 s each, ~2 s of the ~3 s for 7
  stills); the first still also loads the shell and the fonts. Festival speaks the whole narration once
  (one text2wave run). The target holds with ~40 % to spare on a quiet machine, not on a busy one: under
  a load average of ~8 an investigation's generation took 9.9 s. Not changed (scenes/draw.ts is outside
  this suite's brief): capturing with CDP's \`Page.captureScreenshot {optimizeForSpeed: true}\` and
  re-encoding with sharp (PNG level 6) took ~100 + ~50 ms against ~300–350 ms for a test 1080p frame, and
  the file was smaller (437 kB against 758 kB): about 1 s less for 7 stills.
- **Sentence edit that changes no copy: the floor is the copy-fit check.** Everything else in the request
  (auth, rules, the grammar, apply, checkDocument, storing, the answer) took 5–7 ms p50, 10–12 ms p95 in an
  investigation that answered the check instantly (not a figure of this suite); the profile above agrees
  (the steps but the check add up to a few milliseconds). The check measures every visible scene, one
  page-script run each, and runPageScript opens a CDP session per run: the bare round trip of such a
  session is most of a scene's measure (table above), so 6–7 scenes cost ~60–75 ms before any fitting.
  50 ms p95 is below that floor. Two ways down, neither made here (outside this task's area):
  (1) one CDP session per page in runPageScript (media/browser/page-script.ts), the module kept in the
  isolated world and the fonts sent once: in an investigation the 7-scene check went from 68–83 ms to
  33–41 ms p50, which would put such an edit at ~40–47 ms p50 here (its p95 still at the machine's
  mercy); (2) no measure when it cannot change: the measure is a pure function of each scene's markup
  and style, the fonts and the frame, so keeping the last answers by exactly those (in
  layout/chromium-copy-fit.ts) is correct by construction, and a speed, voice, music or length edit would
  then cost ~6 ms. Skipping by a list of fields ("no copy field, font, orientation or logo changed") is
  not enough on its own: hiding or showing a scene changes every scene's progress marks (a sprite inside
  the safe area the fit checks) and can move the cover text onto another scene, and a new visual changes
  the image's box. (2) still measures an edit that makes a layout not seen before (a new orientation, a
  scene hidden or shown): 4 of the 6 edits of this mix, first time round, so the p95 would stay the
  check's unless (1) is made too. (This suite's mix returns to earlier states, so (2) would flatter it.)
- **Copy edit.** The same cost as the no-copy edit: the check measures every scene whichever field
  changed; well within 400 ms.
- **Revision list of 100.** Within target: one query, 100 documents parsed from text and serialised by
  the response schema; its cost does not reach the edits (no-copy edits took no longer at 100 revisions
  than at 1: the first-20 / last-20 figures above).`;
