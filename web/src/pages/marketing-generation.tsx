import { useState } from "react";
import { call } from "../api/client";
import { Breadcrumb } from "../components/breadcrumb";
import { CheckedForm } from "../components/checked-form";
import { InputField } from "../components/input-field";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { PageLoading } from "../components/page-loading";
import { Refusal } from "../components/refusal";
import { Section } from "../components/section";
import { formatDateTime } from "../format";
import { useAction } from "../hooks/use-load";
import { navigate } from "../router/history";
import type { PageProps } from "../routes";
import { artifactsOf, JobProgress, JobState, jobFailure, useJob } from "./marketing/job";
import { Preview } from "./marketing/previews";

/** One generation: its progress, its preview stills once done, and making it a project. */
export default function MarketingGeneration({ params }: PageProps) {
  const id = params.id as string;
  const generation = useJob(() => call("marketing.getGeneration", { params: { id } }), id);
  const [name, setName] = useState("");
  const create = useAction(async () => {
    const project = await call("marketing.createProject", {
      body: { generationId: id, ...(name.trim() ? { name: name.trim() } : {}) },
    });
    navigate(`/marketing/projects/${project.id}`);
  });
  const retry = useAction(async () => {
    const job = await call("marketing.retryGeneration", { params: { id }, body: {} });
    navigate(`/marketing/generations/${job.id}`);
  });
  const cancel = useAction(async () => {
    await call("marketing.cancelGeneration", { params: { id }, body: {} });
    await generation.reload();
  });
  const job = generation.data;
  if (!job) {
    return <PageLoading title="Generation" failure={generation.failure} loading={generation.loading} />;
  }
  const previews = artifactsOf(job, "preview");
  return (
    <>
      <Breadcrumb to="/marketing">Marketing</Breadcrumb>
      <PageHeader
        title={job.state === "succeeded" ? "Your video's first draft" : "Generating the video"}
        description={`Started ${formatDateTime(job.createdAt)}.`}
        actions={
          job.cancellable ? (
            <button type="button" className="button" disabled={cancel.busy} onClick={() => void cancel.run()}>
              Cancel
            </button>
          ) : job.state === "failed" && job.error?.retryable ? (
            <button type="button" className="button primary" disabled={retry.busy} onClick={() => void retry.run()}>
              Try again
            </button>
          ) : null
        }
      />
      <p>
        <JobState job={job} />
      </p>
      <JobProgress job={job} what="Generating" />
      {jobFailure(job) ? (
        <Notice tone="error">
          <p>The generation did not succeed: {jobFailure(job)}</p>
        </Notice>
      ) : null}
      <Refusal failure={cancel.failure ?? retry.failure} />
      {job.state === "succeeded" ? (
        <>
          <section className="section" aria-labelledby="stills-title">
            <h2 id="stills-title">Scenes ({previews.length})</h2>
            <ol className="stills">
              {previews.map((p, i) => (
                <li key={p.url ?? i}>
                  <Preview artifact={p} alt={`Preview of scene ${i + 1}`} />
                  <span className="muted small">Scene {i + 1}</span>
                </li>
              ))}
            </ol>
          </section>
          <Section titleId="project-title" title="Keep it as a project">
            <p className="hint">A project keeps this draft as revision 1; edit it, then export it.</p>
            <CheckedForm valid onTried={() => {}} onValid={() => void create.run()}>
              <InputField
                label="Project name (optional)"
                hint="Empty: the template and the site's name."
                maxLength={100}
                value={name}
                onChange={setName}
              />
              <Refusal failure={create.failure} labels={{ name: "Project name" }} />
              <div className="form-actions">
                <button type="submit" className="button primary" disabled={create.busy}>
                  {create.busy ? "Creating…" : "Create project"}
                </button>
              </div>
            </CheckedForm>
          </Section>
        </>
      ) : null}
    </>
  );
}
