// What a running process holds, read from /proc (Linux) by another process: its resident memory, its
// open file descriptors (by kind) and the processes below it (Chromium, ffmpeg, speech engines).
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { descendants } from "./process-tree.mjs";
import { type FdKind, fdKind } from "./soak-stats.js";

export interface ProcessFigures {
  /** Resident set (VmRSS), MB. */
  rssMb: number;
  /** Of which anonymous memory (RssAnon: the V8 heap, malloc, buffers), as opposed to mapped files (code). */
  rssAnonMb: number;
  fds: number;
  fdKinds: Record<FdKind, number>;
  /** Descendant processes, zombies included. */
  children: number;
  /** Descendants that exited and were never reaped (state Z). */
  zombies: number;
  /** Descendants by what they are: the program's name, and Chromium's process type (`chromium renderer`). */
  kinds: Record<string, number>;
}

/**
 * What a process is: its name (`comm`), and for Chromium's the process type from its command line
 * (`chromium renderer`, `chromium utility (NetworkService)`). Chromium rewrites its children's command
 * lines into one space-separated string, so flags are looked for in the whole text.
 */
function processKind(pid: number): string {
  let name: string;
  let line: string;
  try {
    name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    line = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "gone";
  }
  const type = /--type=(\S+)/.exec(line)?.[1];
  const sub = /--utility-sub-type=(\S+)/.exec(line)?.[1]?.split(".").at(-1);
  return [name, type, sub && `(${sub})`].filter(Boolean).join(" ");
}

export function processFigures(pid: number): ProcessFigures {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  const fdKinds: Record<FdKind, number> = { socket: 0, pipe: 0, anon: 0, file: 0 };
  const fds = readdirSync(`/proc/${pid}/fd`);
  for (const fd of fds) {
    try {
      fdKinds[fdKind(readlinkSync(`/proc/${pid}/fd/${fd}`))]++;
    } catch {
      fdKinds.file++; // closed between the listing and the read: still counted, as the listing saw it
    }
  }
  const below = descendants(pid);
  const kinds: Record<string, number> = {};
  for (const p of below) {
    const kind = processKind(p.pid);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return {
    rssMb: kb("VmRSS") / 1024,
    rssAnonMb: kb("RssAnon") / 1024,
    fds: fds.length,
    fdKinds,
    children: below.length,
    zombies: below.filter((p) => p.state === "Z").length,
    kinds,
  };
}

/** A file's size in MB; 0 when it does not exist (a WAL right after a checkpoint that truncated it). */
export function fileMb(path: string): number {
  try {
    return statSync(path).size / 1024 / 1024;
  } catch {
    return 0;
  }
}
