/**
 * Many lines in one festival run. Starting festival and loading an HTS voice costs ~1.1 s of a 1.6 s
 * line (measured: text2wave on "Hi." 1.19 s wall, on a 20-word line 1.60 s), so a render's dozen lines
 * spoken one process each spent most of their time loading the same voice again. The batch runs
 * text2wave once: its `-eval <file>` loads a Scheme file before synthesis, and that file speaks every
 * line into its own WAV, then quits (text2wave never reaches its own reading of standard input).
 *
 * The Scheme is built only from constants and from paths this module makes (a temporary directory and
 * `line-N.txt` / `line-N.wav`), checked against SAFE_PATH; the text itself is read from the line files
 * by `tts_file` in plain text mode, as text2wave reads its input, so nothing in a line is ever Scheme.
 */

/** Paths that may appear inside the generated Scheme string literals. */
const SAFE_PATH = /^[A-Za-z0-9_./-]+$/;

/** Output sample rate: festival resamples each utterance itself, as text2wave's `-F` does. */
export interface BatchLine {
  textPath: string;
  wavPath: string;
}

const literal = (path: string): string => {
  if (!SAFE_PATH.test(path)) throw new RangeError(`unsafe path for festival: ${path}`);
  return `"${path}"`;
};

/**
 * The Scheme program: a tts hook that appends each synthesized utterance (sentence) of the current
 * line to the line's open WAV file, then one `(cw_say in out)` per line. A line with nothing to say
 * leaves an empty file, as text2wave does.
 */
export function batchScript(lines: readonly BatchLine[], sampleRate: number): string {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError("sample rate must be a positive integer");
  const prelude = `
(defvar cw_fp nil)
(defvar cw_samples 0)
(defvar cw_last nil)
(define (cw_save utt)
  (utt.wave.resample utt ${sampleRate})
  (if (eq? cw_samples 0)
      (wave.save.header cw_fp (utt.wave utt) 'riff nil (list (list "numsamples" 0))))
  (set! cw_samples (+ cw_samples (get_param 'num_samples (wave.info (utt.wave utt)) 0)))
  (wave.save.data.fp (utt.wave utt) cw_fp 'riff nil)
  (set! cw_last utt))
(set! tts_hooks (list utt.synth cw_save))
(define (cw_say in out)
  (set! cw_fp (fopen out "wb"))
  (set! cw_samples 0)
  (set! cw_last nil)
  (tts_file in nil)
  (if cw_last
      (begin
        (fseek cw_fp 0 0)
        (wave.save.header cw_fp (utt.wave cw_last) 'riff nil (list (list "numsamples" cw_samples)))))
  (fclose cw_fp))
`;
  const calls = lines.map((l) => `(cw_say ${literal(l.textPath)} ${literal(l.wavPath)})`).join("\n");
  return `${prelude}${calls}\n(quit)\n`;
}
