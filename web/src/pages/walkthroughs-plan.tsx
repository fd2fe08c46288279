import { useEffect, useState } from "react";
import { call } from "../api/client";
import { Breadcrumb } from "../components/breadcrumb";
import { ConfirmDialog } from "../components/confirm-dialog";
import { Loading } from "../components/loading";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { PageLoading } from "../components/page-loading";
import { Refusal } from "../components/refusal";
import { formatDateTime, formatSeconds } from "../format";
import { useAction, useLoad } from "../hooks/use-load";
import { navigate } from "../router/history";
import { Link } from "../router/link";
import type { PageProps } from "../routes";
import { AreaNav } from "./walkthroughs/area-nav";
import { BeatCard, type BeatEdit } from "./walkthroughs/beat-card";
import {
  CREDENTIAL_LABELS,
  CredentialFields,
  credentialProblems,
  credentialsBody,
  NO_CREDENTIALS,
} from "./walkthroughs/credentials";
import { JobFailure, JobProgress, JobState } from "./walkthroughs/job-status";
import { artifactsOf, type Job, useJob } from "./walkthroughs/jobs";
import { type PlanFile, quoteBody, readPlan } from "./walkthroughs/plan-file";
import { QuoteBox } from "./walkthroughs/quote-box";
import { renderNotes } from "./walkthroughs/render-notes";

/** A storyboard: its planning as it goes, then the plan to review, edit, price and render. */
export default function WalkthroughsPlan({ params }: PageProps) {
  const id = params.id as string;
  const job = useJob(() => call("storyboards.get", { params: { id } }), id);
  const [cancelling, setCancelling] = useState(false);
  const j = job.data;
  return (
    <>
      <AreaNav />
      <Breadcrumb to="/walkthroughs">Videos and plans</Breadcrumb>
      {!j ? (
        <PageLoading title="Walkthrough plan" failure={job.failure} loading={job.loading} />
      ) : j.state === "succeeded" ? (
        <PlanReview job={j} />
      ) : (
        <>
          <PageHeader
            title={
              j.state === "failed"
                ? "Planning failed"
                : j.state === "cancelled"
                  ? "Planning cancelled"
                  : "Planning the walkthrough"
            }
            description={`Started ${formatDateTime(j.createdAt)}. You can leave this page: the plan is made either way.`}
            actions={
              j.cancellable ? (
                <button type="button" className="button danger" onClick={() => setCancelling(true)}>
                  Cancel planning
                </button>
              ) : null
            }
          />
          <Refusal failure={job.failure} />
          <JobFailure job={j} what="planning" />
          {j.state === "queued" || j.state === "running" ? <JobProgress job={j} what="Planning" /> : null}
          {j.state === "failed" || j.state === "cancelled" ? (
            <Link className="button primary" to="/walkthroughs/new">
              Plan again
            </Link>
          ) : null}
          <ConfirmDialog
            open={cancelling}
            title="Cancel planning?"
            confirm="Cancel planning"
            busy="Cancelling…"
            onConfirm={async () => job.setData((await call("storyboards.cancel", { params: { id } })).resource)}
            onClose={() => setCancelling(false)}
          >
            <p>Planning stops within a few seconds. Planning uses no video time, so nothing is refunded.</p>
          </ConfirmDialog>
        </>
      )}
    </>
  );
}

function PlanReview({ job }: { job: Job }) {
  const [file] = artifactsOf(job, "storyboard");
  const plan = useLoad(() => (file?.url ? readPlan(file.url) : Promise.reject(new Error("no plan"))), job.id);
  const p = plan.data;
  if (!p) {
    return (
      <>
        <PageHeader title="Walkthrough plan" />
        {plan.failure ? (
          <Notice tone="error">
            <p>The plan could not be read. Reload the page to try again.</p>
          </Notice>
        ) : (
          <Loading what="Reading the plan" />
        )}
      </>
    );
  }
  return <PlanEditor job={job} plan={p} />;
}

function PlanEditor({ job, plan }: { job: Job; plan: PlanFile }) {
  const shots = artifactsOf(job, "screenshot");
  const [edits, setEdits] = useState<Record<string, BeatEdit>>({});
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [credentials, setCredentials] = useState(NO_CREDENTIALS);
  const [tried, setTried] = useState(false);
  const changes = plan.beats.flatMap((beat) => {
    const e = edits[beat.id];
    if (!e) return [];
    const narration = e.narration !== undefined && e.narration !== beat.narration ? e.narration : undefined;
    if (!e.hidden && narration === undefined) return [];
    return [
      { beatId: beat.id, ...(e.hidden ? { hidden: true } : {}), ...(narration !== undefined ? { narration } : {}) },
    ];
  });
  const shown = plan.beats.filter((b) => !edits[b.id]?.hidden).length;
  const emptyLine = (beatId: string) => {
    const e = edits[beatId];
    return !e?.hidden && e?.narration !== undefined && e.narration.trim() === ""
      ? "Write a line, or hide the beat."
      : null;
  };
  const render = useAction(async () => {
    const answer = await call("renders.createFromStoryboard", {
      params: { id: job.id },
      body: {
        ...(changes.length ? { beats: changes } : {}),
        ...(needsSignIn ? { credentials: credentialsBody(credentials) } : {}),
      },
    });
    setCredentials(NO_CREDENTIALS);
    if (answer.lengthFit?.note) renderNotes.set(answer.resource.id, answer.lengthFit.note);
    navigate(`/walkthroughs/videos/${answer.resource.id}`);
  });
  const failure = render.failure;
  useEffect(() => {
    if (failure?.code === "credentials_required") setNeedsSignIn(true);
  }, [failure]);
  const problems = [
    ...plan.beats.map((b) => emptyLine(b.id)),
    shown === 0 ? "Show at least one beat." : null,
    ...(needsSignIn ? Object.values(credentialProblems(credentials)) : []),
  ];
  const valid = problems.every((p) => p === null);
  const estimate = plan.beats.filter((b) => !edits[b.id]?.hidden).reduce((s, b) => s + b.estimatedSeconds, 0);

  return (
    <>
      <PageHeader
        title={`Plan for ${plan.url}`}
        description={plan.hint ? `Hint: ${plan.hint}` : "Planned without a hint."}
      />
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <JobState job={job} />
          </dd>
        </div>
        <div>
          <dt>Beats shown</dt>
          <dd>
            {shown} of {plan.beats.length}
          </dd>
        </div>
        <div>
          <dt>Estimated length</dt>
          <dd>{formatSeconds(estimate)}</dd>
        </div>
        <div>
          <dt>Signed in</dt>
          <dd>{plan.signedIn ? "Yes, with the demo account" : "No"}</dd>
        </div>
      </dl>
      {plan.warnings?.length ? (
        <Notice tone="warning">
          <p>Some of what the hint asked for could not be planned:</p>
          <ul>
            {plan.warnings.map((w) => (
              <li key={w.intent}>
                “{w.intent}”: {w.reason}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (valid) void render.run();
          else {
            const form = e.currentTarget;
            requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
          }
        }}
      >
        <h2>Beats</h2>
        <p className="hint">
          Change a line of narration, or hide a beat. Everything else about a beat is the plan's own.
        </p>
        <ol className="beats">
          {plan.beats.map((beat, i) => (
            <BeatCard
              key={beat.id}
              beat={beat}
              index={i}
              screenshot={shots[i]?.url ?? null}
              edit={edits[beat.id] ?? {}}
              onEdit={(next) => setEdits({ ...edits, [beat.id]: next })}
              problem={tried ? emptyLine(beat.id) : null}
            />
          ))}
        </ol>
        {tried && shown === 0 ? <p className="field-problem">Show at least one beat.</p> : null}
        <QuoteBox body={quoteBody(plan)} at={job.id} />
        {needsSignIn ? (
          <fieldset className="group walk-group">
            <legend>Demo account</legend>
            <CredentialFields value={credentials} onChange={setCredentials} tried={tried} />
          </fieldset>
        ) : null}
        <Refusal failure={failure} labels={CREDENTIAL_LABELS} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={render.busy}>
            {render.busy ? "Starting…" : "Render the video"}
          </button>
          <span className="muted">
            {changes.length === 0
              ? "The plan as it stands."
              : `${changes.length} beat${changes.length === 1 ? "" : "s"} changed.`}
          </span>
        </div>
      </form>
    </>
  );
}
