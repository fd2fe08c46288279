import { useState } from "react";
import { call } from "../api/client";
import { Breadcrumb } from "../components/breadcrumb";
import { ConfirmDialog } from "../components/confirm-dialog";
import { Loading } from "../components/loading";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { PageLoading } from "../components/page-loading";
import { Refusal } from "../components/refusal";
import { Section } from "../components/section";
import { TableWrap } from "../components/table-wrap";
import { formatDateTime } from "../format";
import { useAction, useLoad } from "../hooks/use-load";
import { navigate } from "../router/history";
import { Link } from "../router/link";
import type { PageProps } from "../routes";
import { type Job, JobProgress, JobState, jobFailure, useJob } from "./marketing/job";
import { readManifest } from "./marketing/manifest";
import { ManifestView } from "./marketing/manifest-view";

/** Versions listed at most (the newest): a source refreshed daily for a year stays one table. */
const VERSIONS_SHOWN = 20;

interface Version {
  number: number;
  job: Job;
}

/** Every version of a source, newest first: the latest's manifest says how many there are. */
async function loadVersions(id: string): Promise<{ versions: Version[]; latest: number }> {
  const latestJob = await call("marketing.getSource", { params: { id }, query: { version: "latest" } });
  const latest = (await readManifest(latestJob))?.version ?? 1;
  const numbers = Array.from({ length: Math.min(latest, VERSIONS_SHOWN) }, (_, i) => latest - i);
  const versions = await Promise.all(
    numbers.map(async (n) => ({
      number: n,
      job:
        n === latest ? latestJob : await call("marketing.getSource", { params: { id }, query: { version: String(n) } }),
    })),
  );
  return { versions, latest };
}

/** One source: its scan's progress, its versions (each a scan), a refresh, and what the chosen version found. */
export default function MarketingSource({ params }: PageProps) {
  const id = params.id as string;
  const source = useJob(() => call("marketing.getSource", { params: { id } }), id);
  const ready = source.data?.state === "succeeded";
  const versions = useLoad(async () => (ready ? loadVersions(id) : null), `${id}:${ready}`);
  const [shown, setShown] = useState<number | null>(null);
  const [refreshId, setRefreshId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const refresh = useJob(
    async () => (refreshId ? call("marketing.getSource", { params: { id: refreshId } }) : null),
    refreshId ?? "",
    () => {
      setShown(null);
      void versions.reload();
    },
  );
  const startRefresh = useAction(async () => {
    const job = await call("marketing.refreshSource", {
      params: { id },
      body: versions.data ? { expectedVersion: versions.data.latest } : {},
    });
    setRefreshId(job.id);
  });
  const cancel = useAction(async () => {
    await call("marketing.cancelSource", { params: { id }, body: {} });
    await source.reload();
  });
  const chosen = versions.data?.versions.find((v) => v.number === (shown ?? versions.data?.latest));
  const manifest = useLoad(async () => (chosen ? readManifest(chosen.job) : null), chosen?.job.id ?? "");

  const job = source.data;
  if (!job) {
    return (
      <>
        <PageLoading title="Source" failure={source.failure} loading={source.loading} />
        <p>
          <Link to="/marketing">All sources</Link>
        </p>
      </>
    );
  }
  const title = manifest.data?.brand.name ?? (ready ? "Source" : "Scanning the website");
  const refreshing = refresh.data && refresh.data.state !== "succeeded" && refresh.data.state !== "failed";
  return (
    <>
      <Breadcrumb to="/marketing">Marketing</Breadcrumb>
      <PageHeader
        title={title}
        description={manifest.data ? <span className="url">{manifest.data.url}</span> : undefined}
        actions={
          <>
            {ready ? (
              <Link className="button primary" to={`/marketing/generate?source=${encodeURIComponent(id)}`}>
                Make a video from it
              </Link>
            ) : null}
            {ready ? (
              <button
                type="button"
                className="button"
                disabled={startRefresh.busy || Boolean(refreshing)}
                onClick={() => void startRefresh.run()}
              >
                {startRefresh.busy || refreshing ? "Refreshing…" : "Refresh"}
              </button>
            ) : null}
            {job.cancellable ? (
              <button type="button" className="button" disabled={cancel.busy} onClick={() => void cancel.run()}>
                Cancel scan
              </button>
            ) : null}
            <button type="button" className="button danger" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </>
        }
      />
      <Refusal failure={startRefresh.failure ?? cancel.failure ?? versions.failure} />
      <p>
        <JobState job={job} />
      </p>
      <JobProgress job={job} what="Scan" />
      {jobFailure(job) ? (
        <Notice tone="error">
          <p>The scan did not succeed: {jobFailure(job)}</p>
        </Notice>
      ) : null}
      {refresh.data ? <JobProgress job={refresh.data} what="Refresh" /> : null}
      {refresh.data?.state === "succeeded" ? (
        <Notice tone="success" live>
          <p>Refreshed: the new version is listed below.</p>
        </Notice>
      ) : null}
      {refresh.data && jobFailure(refresh.data) ? (
        <Notice tone="error">
          <p>The refresh did not succeed: {jobFailure(refresh.data)}</p>
        </Notice>
      ) : null}

      {versions.data ? (
        <Section titleId="versions-title" title="Versions">
          <p className="hint">
            Each scan is a version. A project keeps the version it was made from, so its video can be exported again
            exactly; versions no project uses expire.
          </p>
          <TableWrap label="Versions">
            <table>
              <thead>
                <tr>
                  <th scope="col">Version</th>
                  <th scope="col">Scanned</th>
                  <th scope="col">Files</th>
                  <th scope="col">
                    <span className="visually-hidden">Show</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {versions.data.versions.map((v) => (
                  <tr key={v.number} aria-current={v.number === chosen?.number ? "true" : undefined}>
                    <th scope="row">
                      {v.number}
                      {v.number === versions.data?.latest ? <span className="muted"> (latest)</span> : null}
                    </th>
                    <td className="when">{formatDateTime(v.job.finishedAt)}</td>
                    <td>
                      {v.job.artifactsExpired
                        ? "expired"
                        : v.job.expiresAt
                          ? `kept until ${formatDateTime(v.job.expiresAt)}`
                          : "kept"}
                    </td>
                    <td className="row-actions">
                      {v.number === chosen?.number ? (
                        <span className="muted small">shown below</span>
                      ) : (
                        <button type="button" className="button small" onClick={() => setShown(v.number)}>
                          Show version {v.number}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </Section>
      ) : null}

      {chosen ? (
        <section className="section" aria-labelledby="found-title">
          <h2 id="found-title">What version {chosen.number} found</h2>
          {manifest.data ? <ManifestView job={chosen.job} manifest={manifest.data} /> : null}
          {manifest.loading && !manifest.data ? <Loading /> : null}
          {!manifest.loading && !manifest.data ? (
            <p className="muted">This version's files are no longer kept.</p>
          ) : null}
        </section>
      ) : null}

      <ConfirmDialog
        open={deleting}
        title="Delete this source?"
        confirm="Delete source"
        busy="Deleting…"
        tone="danger"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await call("marketing.deleteSource", { params: { id } });
          navigate("/marketing");
        }}
      >
        <p>Its versions and files are deleted. Projects made from it can no longer be exported.</p>
      </ConfirmDialog>
    </>
  );
}
