// The sampling half of memory-sampler.ts, plain CommonJS so it runs in a worker thread untransformed:
// every 50 ms, the summed proportional set size of every descendant of workerData.pid, from /proc.
const { parentPort, workerData } = require("node:worker_threads");
const { readdirSync, readFileSync } = require("node:fs");

const readProc = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null; // the process ended between the listing and the read
  }
};

const pssBytes = (pid) => {
  const m = /^Pss:\s+(\d+) kB/m.exec(readProc(`/proc/${pid}/smaps_rollup`) ?? "");
  return m ? Number(m[1]) * 1024 : 0;
};

function descendantsPss(root) {
  const parentOf = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(`/proc/${name}/stat`);
    if (!stat) continue;
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid) parentOf.set(Number(name), ppid);
  }
  let total = 0;
  for (const pid of parentOf.keys()) {
    for (let q = parentOf.get(pid); q !== undefined && q > 1; q = parentOf.get(q)) {
      if (q === root) {
        total += pssBytes(pid);
        break;
      }
    }
  }
  return total;
}

let peak = 0;
let last = 0;
const tick = () => {
  last = descendantsPss(workerData.pid);
  peak = Math.max(peak, last);
};
tick();
const timer = setInterval(tick, 50);
parentPort.on("message", () => {
  clearInterval(timer);
  tick();
  parentPort.postMessage({ peak, last });
});
