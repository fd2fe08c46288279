// Samples the memory of a process tree (the root's pid as argv[2]) every 250 ms, outside the measured
// process so reading /proc does not take CPU from it: the sum of the processes' proportional set
// sizes (PSS, shared pages divided among their users), this sampler excluded. Prints the peak in MB
// when its stdin closes.
import { readFileSync } from "node:fs";
import { descendants } from "./process-tree.mjs";

const root = Number(process.argv[2]);
let peak = 0;

function sample() {
  let kb = 0;
  for (const pid of [root, ...descendants(root).map((p) => p.pid)]) {
    if (pid === process.pid) continue;
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  peak = Math.max(peak, kb / 1024);
}

const timer = setInterval(sample, 250);
sample();
process.stdin.resume();
process.stdin.on("end", () => {
  clearInterval(timer);
  sample();
  process.stdout.write(`${peak.toFixed(0)}\n`);
});
