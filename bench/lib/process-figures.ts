// What a running process holds, read from /proc (Linux) by another process: its resident memory, its
// open file descriptors (by kind) and the processes below it (Chromium, ffmpeg, speech engines).
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { descendants } from "./process-tree.mjs";
import { type FdKind, fdKind } from "./soak-stats.js";

export interface ProcessFigures {
  /** Resident set (VmRSS), MB. */
  rssMb: number;
  fds: number;
  fdKinds: Record<FdKind, number>;
  /** Descendant processes, zombies included. */
  children: number;
  /** Descendants that exited and were never reaped (state Z). */
  zombies: number;
}

export function processFigures(pid: number): ProcessFigures {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
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
  return {
    rssMb: rssKb / 1024,
    fds: fds.length,
    fdKinds,
    children: below.length,
    zombies: below.filter((p) => p.state === "Z").length,
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
