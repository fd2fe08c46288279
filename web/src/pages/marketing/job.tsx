import { useEffect, useRef } from "react";
import type { ResponseOf } from "../../api/client";
import { ApiFailure } from "../../api/failure";
import { fileAddress } from "../../api/files";
import { refusalSentence } from "../../api/refusals";
import { Badge, JOB_TONES } from "../../components/badge";
import { type Loaded, useLoad } from "../../hooks/use-load";

/** The job envelope every marketing job answers (sources, generations, exports). */
export type Job = ResponseOf<"marketing.getSource">;
export type Artifact = NonNullable<Job["result"]>["artifacts"][number];

export const isSettled = (job: Pick<Job, "state">): boolean =>
  job.state === "succeeded" || job.state === "failed" || job.state === "cancelled";

/** Never faster than this, whatever the envelope says: a dashboard is not a benchmark. */
const MIN_POLL_MS = 500;

/**
 * Loads a job and loads it again, after the `pollAfterMs` its envelope asks for, until it has settled.
 * `onSettled` runs once when a job seen running settles (so a page can load what it made).
 */
export function useJob(
  load: () => Promise<Job | null>,
  key: string,
  onSettled?: (job: Job) => void,
): Loaded<Job | null> {
  const loaded = useLoad(load, key);
  const job = loaded.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new envelope schedules the next look.
  useEffect(() => {
    if (!job) return;
    if (isSettled(job)) return;
    const timer = window.setTimeout(
      () => {
        void loaded.reload();
      },
      Math.max(MIN_POLL_MS, job.pollAfterMs ?? 1000),
    );
    return () => window.clearTimeout(timer);
  }, [job]);
  useSettled(job, onSettled);
  return loaded;
}

function useSettled(job: Job | null, onSettled?: (job: Job) => void) {
  const wasRunning = useRef(false);
  const callback = useRef(onSettled);
  callback.current = onSettled;
  useEffect(() => {
    if (!job) return;
    if (!isSettled(job)) {
      wasRunning.current = true;
      return;
    }
    if (wasRunning.current) {
      wasRunning.current = false;
      callback.current?.(job);
    }
  }, [job]);
}

export function JobState({ job }: { job: Pick<Job, "state" | "artifactsExpired"> }) {
  return (
    <>
      <Badge tone={JOB_TONES[job.state]}>{job.state}</Badge>
      {job.artifactsExpired ? <Badge tone="neutral">files expired</Badge> : null}
    </>
  );
}

/**
 * A job's progress, drawn exactly from the envelope's `percent` (the last value the worker reported; it
 * never decreases), never interpolated between two looks. Nothing is drawn while none is recorded.
 */
export function JobProgress({ job, what }: { job: Job; what: string }) {
  if (isSettled(job)) return null;
  const percent = job.progress?.percent ?? null;
  const stage = job.progress?.stage ?? job.stage;
  return (
    <div className="job-progress">
      <p className="job-progress-line" role="status">
        {job.state === "queued" ? `${what}: waiting to start` : `${what}: ${stage ?? "working"}`}
        {percent !== null ? `, ${percent} %` : ""}
      </p>
      {percent !== null ? (
        <progress max={100} value={percent} aria-label={`${what} progress`}>
          {percent} %
        </progress>
      ) : null}
    </div>
  );
}

/** Why a job failed, in words: the code's sentence, then the worker's own reason. */
export function jobFailure(job: Job): string | null {
  if (job.state !== "failed" || !job.error) return null;
  const asRefusal = new ApiFailure(
    0,
    job.error.code as ApiFailure["code"],
    job.error.reason ?? job.error.code,
    {},
    null,
  );
  return refusalSentence(asRefusal);
}

/** A stored file's address for this page (api/files.ts), or null when the API gave none. */
export function sameOriginFile(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return fileAddress(url);
  } catch {
    return null;
  }
}

export const artifactsOf = (job: Job | null | undefined, type: string): Artifact[] =>
  job?.result?.artifacts.filter((a) => a.type === type) ?? [];

/** A job id short enough to read: its last 8 characters (the first ones are its time, alike for a day). */
export const shortId = (id: string): string => id.slice(-8);
