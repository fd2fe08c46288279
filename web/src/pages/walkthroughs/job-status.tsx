import { useId } from "react";
import { Badge, JOB_TONES } from "../../components/badge";
import { Notice } from "../../components/notice";
import { formatNumber } from "../../format";
import { type Job, stageWords } from "./jobs";

const WORDS: Record<Job["state"], string> = {
  queued: "queued",
  running: "in progress",
  succeeded: "ready",
  failed: "failed",
  cancelled: "cancelled",
};

export function JobState({ job }: { job: Job }) {
  return <Badge tone={JOB_TONES[job.state]}>{WORDS[job.state]}</Badge>;
}

/**
 * Where a running job is: exactly the `percent` and stage of the envelope's last answer (never a guess in
 * between), or that it waits in the queue while nothing is recorded.
 */
export function JobProgress({ job, what }: { job: Job; what: string }) {
  const id = useId();
  const progress = job.progress;
  const stage = progress?.stage || job.stage;
  return (
    <section className="job-progress" aria-labelledby={`${id}-label`}>
      <h2 id={`${id}-label`}>{job.state === "queued" && !progress ? `${what}: waiting to start` : what}</h2>
      <div className="job-progress-row">
        <progress
          id={`${id}-bar`}
          max={100}
          value={progress ? progress.percent : undefined}
          aria-labelledby={`${id}-label`}
        />
        <output htmlFor={`${id}-bar`} className="job-percent">
          {progress ? `${formatNumber(progress.percent)} %` : "—"}
        </output>
      </div>
      <p className="muted" aria-live="polite">
        {stage ? `${stageWords(stage)}…` : "Waiting in the queue…"}
      </p>
    </section>
  );
}

/** Job failures (the envelope's `error`) in words, with the service's reason and the request to quote. */
const FAILURES: Record<string, string> = {
  url_invalid: "The site could not be opened.",
  credentials_required: "The site did not accept the demo account's email and password.",
  login_url_invalid: "The sign-in page could not be used: it did not open, or has no sign-in form.",
  login_origins_invalid: "The sign-in went to an address that was not approved, so the password was not typed there.",
  storyboard_empty: "Nothing on the site could be filmed.",
  tts_unavailable: "The voice is not installed on this service.",
  options_invalid: "These options do not work together.",
  internal_error: "Something went wrong on the service's side.",
};

export function JobFailure({ job, what }: { job: Job; what: string }) {
  if (job.state === "cancelled")
    return (
      <Notice tone="warning">
        <p>This {what} was cancelled.</p>
      </Notice>
    );
  if (job.state !== "failed") return null;
  const code = job.error?.code ?? "internal_error";
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>The {what} failed.</strong> {FAILURES[code] ?? "It could not be finished."}
        {job.error?.retryable ? " Trying again may work." : ""}
      </p>
      {job.error?.reason ? <p className="small">The service said: {job.error.reason}</p> : null}
      {job.requestId ? (
        <p className="request-id">
          Request id <code>{job.requestId}</code>: quote it if you ask for help.
        </p>
      ) : null}
    </div>
  );
}
