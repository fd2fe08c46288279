import { describe, expect, it } from "vitest";
import type { Synthesis, SynthesisFailedError, TtsEngine, TtsVoice } from "../../../src/media/tts/engine.js";
import { FestivalEngine } from "../../../src/media/tts/festival.js";
import { VoiceSpeechFit } from "../../../src/pipelines/marketing/speech/voice-speech-fit.js";

// The narration measured with the real voice (festival), remembered by each line's speed-1 key: a second
// check of the same lines speaks nothing, a changed line is the only one spoken, checks at once share a run.

const voice: TtsVoice = {
  id: "festival:cmu_us_slt_arctic_hts",
  engine: "festival",
  engineVoice: "cmu_us_slt_arctic_hts",
};

/** The real festival, counting the lines it is asked to speak and the runs it makes. */
class CountingFestival implements TtsEngine {
  readonly name = "festival";
  private readonly real = new FestivalEngine();
  runs = 0;
  lines: string[] = [];
  synthesize(text: string, v: TtsVoice): Promise<Synthesis> {
    this.runs++;
    this.lines.push(text);
    return this.real.synthesize(text, v);
  }
  synthesizeMany(texts: readonly string[], v: TtsVoice): Promise<(Synthesis | SynthesisFailedError)[]> {
    this.runs++;
    this.lines.push(...texts);
    return this.real.synthesizeMany(texts, v);
  }
}

function fitWith(engine: TtsEngine | null, remembered?: number) {
  return new VoiceSpeechFit({ engineFor: (name) => (name === "festival" ? engine : null) }, remembered);
}

const lines = [
  "Onboard every customer with one shared checklist.",
  "",
  "Reminders chase the slow tasks for you.",
  "Start your trial today.",
];

describe("VoiceSpeechFit", () => {
  it("speaks every new line in one run, and nothing the second time", async () => {
    const engine = new CountingFestival();
    const fit = fitWith(engine);
    const first = await fit.spokenSeconds(voice, "en", lines);
    expect(engine.runs).toBe(1);
    expect(engine.lines).toHaveLength(3); // the empty line is not spoken
    expect(first?.[1]).toBe(0);
    for (const [i, s] of (first ?? []).entries()) if (i !== 1) expect(s).toBeGreaterThan(1);
    expect(await fit.spokenSeconds(voice, "en", lines)).toEqual(first);
    expect(engine.runs).toBe(1);
  });

  it("speaks only the line that changed; a line said twice is spoken once", async () => {
    const engine = new CountingFestival();
    const fit = fitWith(engine);
    const first = await fit.spokenSeconds(voice, "en", lines);
    const changed = [...lines];
    changed[2] = "Gentle reminders chase every slow task for your team.";
    const second = await fit.spokenSeconds(voice, "en", [...changed, changed[2] as string]);
    expect(engine.runs).toBe(2);
    expect(engine.lines.slice(3)).toEqual([changed[2]]);
    expect(second?.[0]).toBe(first?.[0]);
    expect(second?.[4]).toBe(second?.[2]);
  });

  it("shares one run between checks at once, and forgets the least recently used past its bound", async () => {
    const engine = new CountingFestival();
    const fit = fitWith(engine, 3);
    const [a, b] = await Promise.all([fit.spokenSeconds(voice, "en", lines), fit.spokenSeconds(voice, "en", lines)]);
    expect(a).toEqual(b);
    expect(engine.runs).toBe(1);
    // Three lines are remembered: a fourth puts the least recently used out, and it is spoken again.
    await fit.spokenSeconds(voice, "en", [lines[3] as string, "A fourth line."]);
    expect(engine.runs).toBe(2);
    await fit.spokenSeconds(voice, "en", [lines[2] as string, lines[3] as string]);
    expect(engine.runs).toBe(2);
    await fit.spokenSeconds(voice, "en", [lines[0] as string]);
    expect(engine.runs).toBe(3);
  });

  it("answers null when the voice's engine is not installed or cannot run", async () => {
    expect(await fitWith(null).spokenSeconds(voice, "en", lines)).toBeNull();
    const missing = fitWith(new FestivalEngine("/nonexistent/text2wave"));
    expect(await missing.spokenSeconds(voice, "en", lines)).toBeNull();
    // A failed measure is not remembered: the next check asks again.
    expect(await missing.spokenSeconds(voice, "en", lines)).toBeNull();
  });
});
