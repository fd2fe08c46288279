import { execFile } from "node:child_process";
import { primarySubtag, toCanonicalAlias, toLanguageTag } from "./language-tags.js";
import type { Voice } from "./voice.js";

/** One row of `espeak-ng --voices`: Pty Language Age/Gender VoiceName File Other Languages. */
export interface EspeakRow {
  priority: number;
  code: string;
  gender: Voice["gender"];
  name: string;
  file: string;
  others: { code: string; priority: number }[];
}

/**
 * Parses the table `espeak-ng --voices` prints. Columns are split on whitespace rather than by
 * position because long voice names push later columns right; names use `_` for spaces.
 */
export function parseEspeakVoices(stdout: string): EspeakRow[] {
  const rows: EspeakRow[] = [];
  for (const line of stdout.split("\n")) {
    const [pty, code, ageGender, name, file, ...rest] = line.trim().split(/\s+/);
    if (!pty || !/^\d+$/.test(pty) || !code || !ageGender || !name || !file) continue;
    const others = [...rest.join(" ").matchAll(/\(([^\s()]+)\s+(\d+)\)/g)].map((m) => ({
      code: m[1] as string,
      priority: Number(m[2]),
    }));
    rows.push({
      priority: Number(pty),
      code,
      gender: genderOf(ageGender),
      name: name.replaceAll("_", " ").trim(),
      file,
      others,
    });
  }
  return rows;
}

const genderOf = (ageGender: string): Voice["gender"] => {
  const g = ageGender.split("/")[1]?.toUpperCase();
  return g === "F" ? "female" : g === "M" ? "male" : "neutral";
};

/**
 * One voice per espeak language (the `--voices=variant` timbres are not multiplied in), id
 * `espeak-ng:<code>`. A code listed twice keeps its first row, which is the one `-v <code>` selects.
 * Codes with no well-formed BCP 47 reading are skipped.
 */
export function espeakVoices(rows: readonly EspeakRow[]): Voice[] {
  const byId = new Map<string, Voice>();
  for (const row of rows) {
    const code = row.code.toLowerCase();
    const language = toLanguageTag(code);
    const id = `espeak-ng:${code}`;
    if (!language || byId.has(id)) continue;
    const aliases = row.others.flatMap((o): [string, number][] => {
      const tag = toCanonicalAlias(o.code);
      return tag ? [[tag, o.priority]] : [];
    });
    byId.set(id, {
      id,
      name: row.name,
      language,
      ...ranked([[language, row.priority], ...aliases, [primarySubtag(language), BARE_LANGUAGE_RANK + row.priority]]),
      gender: row.gender,
      engine: "espeak-ng",
      engineVoice: code,
    });
  }
  return [...byId.values()];
}

/** Festival prints `(voice.list)` as a Lisp list of names: `(kal_diphone rab_diphone)`. */
export function parseFestivalVoices(stdout: string): string[] {
  const list = /\(([^()]*)\)/.exec(stdout)?.[1] ?? "";
  return list.split(/\s+/).filter((n) => /^[a-z0-9_]+$/i.test(n));
}

// Festival names carry no language field; these naming conventions of the stock voices tell it.
const FESTIVAL_LANGUAGE: [RegExp, string][] = [
  [/^(kal|ked)_|_us_/, "en-US"],
  [/^(rab|don)_|_(uk|rpx|edi)_/, "en-GB"],
  [/^el_/, "es"],
];
const FESTIVAL_FEMALE = /(^|_)(slt|clb|axb|eey|ljm|lnh|slp)(_|$)/;
const FESTIVAL_MALE = /(^|_)(kal|ked|rab|don|el|awb|bdl|rms|jmk|ksp|aew|ahw|aup|fem|gka|rxr)(_|$)/;

/** Display names of the festival voices the service installs; others show their festival name. */
const FESTIVAL_NAMES: Record<string, string> = {
  cmu_us_slt_arctic_hts: "English (America), natural female voice",
};

/** Festival voices whose language is known from their name; others are left out rather than guessed. */
export function festivalVoices(names: readonly string[]): Voice[] {
  return names.flatMap((raw): Voice[] => {
    const name = raw.toLowerCase();
    const language = FESTIVAL_LANGUAGE.find(([re]) => re.test(name))?.[1];
    if (!language) return [];
    const gender = FESTIVAL_FEMALE.test(name) ? "female" : FESTIVAL_MALE.test(name) ? "male" : "neutral";
    return [
      {
        id: `festival:${name}`,
        name: FESTIVAL_NAMES[name] ?? `Festival ${name}`,
        language,
        // Ranked after espeak-ng's voices; the catalogue's preferred default puts the natural English voice first.
        ...ranked([
          [language, FESTIVAL_RANK],
          [primarySubtag(language), BARE_LANGUAGE_RANK + FESTIVAL_RANK],
        ]),
        gender,
        engine: "festival",
        engineVoice: name,
      },
    ];
  });
}

/** stdout of a successful run; "timeout" when it was still running at `timeoutMs`; null when missing or failed. */
function runOnce(binary: string, args: string[], timeoutMs: number): Promise<string | "timeout" | null> {
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 1 << 20, encoding: "utf8" }, (err, stdout) =>
      resolve(err ? (err.killed ? "timeout" : null) : stdout),
    );
  });
}

/**
 * stdout of a successful run, or null when the program is missing or fails. A run that times out is
 * tried once more with four times the time: on a loaded machine (a fleet's processes starting together)
 * text2wave can take longer than usual to start, and a process that quietly missed an installed engine
 * would list other voices and another default than its siblings.
 */
export async function runQuietly(binary: string, args: string[], timeoutMs: number): Promise<string | null> {
  const first = await runOnce(binary, args, timeoutMs);
  if (first !== "timeout") return first;
  const second = await runOnce(binary, args, timeoutMs * 4);
  return second === "timeout" ? null : second;
}

/** The programs synthesis runs (Config's espeakBinary and text2waveBinary): detection asks the same ones. */
export interface EngineBinaries {
  espeakBinary: string;
  text2waveBinary: string;
}

/** An engine that has not listed its voices by then counts as missing (text2wave starts in ~1 s cold). */
const DETECT_TIMEOUT_MS = 5_000;

/** Voices of the installed engines, sorted by id. A missing engine contributes nothing and logs nothing. */
export async function detectVoices(binaries: EngineBinaries): Promise<Voice[]> {
  const [espeak, festival] = await Promise.all([
    runQuietly(binaries.espeakBinary, ["--voices"], DETECT_TIMEOUT_MS),
    // text2wave evaluates an `-eval` argument that starts with "(" before reading any text; quitting
    // there lists the voices of the festival that synthesis will run, and never reads standard input.
    runQuietly(binaries.text2waveBinary, ["-eval", "(begin (print (voice.list)) (quit))"], DETECT_TIMEOUT_MS),
  ]);
  const voices = [
    ...(espeak ? espeakVoices(parseEspeakVoices(espeak)) : []),
    ...(festival ? festivalVoices(parseFestivalVoices(festival)) : []),
  ];
  return voices.sort((a, b) => compareIds(a.id, b.id));
}

export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// A language reached only by dropping the region (en-US → en) ranks after the engine's own aliases.
const BARE_LANGUAGE_RANK = 20;
const FESTIVAL_RANK = 30;

/** Tags in first-seen order, each with its lowest rank (tags compared case-insensitively). */
function ranked(entries: [string, number][]): Pick<Voice, "languages" | "ranks"> {
  const languages: string[] = [];
  const ranks: Record<string, number> = {};
  for (const [tag, rank] of entries) {
    const key = tag.toLowerCase();
    if (ranks[key] === undefined) languages.push(tag);
    ranks[key] = Math.min(rank, ranks[key] ?? rank);
  }
  return { languages, ranks };
}
