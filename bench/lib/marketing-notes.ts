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
- **Sentence edit that changes no copy.** Everything but the copy-fit check (auth, rules, the grammar,
  apply, checkDocument, storing, the answer) takes 5–7 ms p50, 10–12 ms p95. The check measures a scene in
  Chromium (one page-script run, a CDP session each: ~8 ms, most of it the session's round trip) only when
  its layout has not been measured before: it remembers each scene's answer keyed on exactly what the
  layout draws (layout/chromium-copy-fit.ts; narration and seconds are not drawn), so a speed, voice or
  music edit measures nothing. This suite warms every state of its mix with dry runs first, so the scored
  no-copy edits are the remembered case; a layout never seen (the first square version of a project, a
  scene hidden for the first time) pays the full check, ~60–90 ms for 6–7 scenes (the first measurements
  of the profile above). Not made: one CDP session per page in runPageScript (media/browser/page-script.ts)
  roughly halved that full check in an investigation (68–83 ms → 33–41 ms p50).
- **Copy edit.** Only the scene whose copy changed is measured again (each headline is new): one scene's
  measure plus the request, well within 400 ms.
- **Revision list of 100.** Within target: one query, 100 documents parsed from text and serialised by
  the response schema; its cost does not reach the edits (no-copy edits took no longer at 100 revisions
  than at 1: the first-20 / last-20 figures above).`;
