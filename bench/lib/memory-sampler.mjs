// Samples the memory of a process tree (the root's pid as argv[2]) every 250 ms, outside the measured
// process so reading /proc does not take CPU from it: the sum of the processes' proportional set
// sizes (PSS, shared pages divided among their users), this sampler excluded. Prints the peak in MB
// when its stdin closes.
import { readdirSync, readFileSync } from "node:fs";

const root = Number(process.argv[2]);
let peak = 0;

function sample() {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while we read.
    }
  }
  let kb = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    if (pid !== process.pid) {
      try {
        kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
      } catch {
        // Gone.
      }
    }
    stack.push(...(children.get(pid) ?? []));
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
