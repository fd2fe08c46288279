import { readFileSync, writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";

/**
 * Peak memory of this process and of the processes it started (Chromium and its renderers), read from
 * /proc, never inferred from timing. This process's own peak is the kernel's high-water mark (VmHWM),
 * reset before a measurement, so a peak inside a long synchronous step is not missed. The children are
 * sampled every 50 ms from a worker thread (memory-sampler-worker.cjs: the main thread may be busy in
 * exactly the step that matters); their figure is the sum of their proportional set sizes, so pages
 * the processes share are counted once.
 */

export interface MemoryPeaks {
  /** Peak resident set of this process, bytes. */
  selfPeak: number;
  /** Resident set of this process when the measurement stopped, bytes. */
  selfNow: number;
  /** Peak of the summed PSS of every descendant process, bytes. */
  childrenPeak: number;
  /** Summed PSS of the descendants when the measurement stopped, bytes. */
  childrenNow: number;
}

const statusField = (field: "VmHWM" | "VmRSS"): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync("/proc/self/status", "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
};

/** Resident set of this process now, bytes. */
export const selfRss = (): number => statusField("VmRSS");

/** Starts measuring; `stop()` ends it and gives the peaks. */
export async function measureMemory(): Promise<{ stop(): Promise<MemoryPeaks> }> {
  // Writing 5 to clear_refs resets the kernel's peak-RSS mark of this process (Linux ≥ 4.0).
  writeFileSync("/proc/self/clear_refs", "5");
  const worker = new Worker(new URL("./memory-sampler-worker.cjs", import.meta.url), {
    workerData: { pid: process.pid },
  });
  await new Promise<void>((resolve) => worker.once("online", () => resolve()));
  return {
    async stop() {
      const children = await new Promise<{ peak: number; last: number }>((resolve) => {
        worker.once("message", resolve);
        worker.postMessage("stop");
      });
      await worker.terminate();
      return {
        selfPeak: statusField("VmHWM"),
        selfNow: statusField("VmRSS"),
        childrenPeak: children.peak,
        childrenNow: children.last,
      };
    },
  };
}
