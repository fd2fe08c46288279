import { useState } from "react";
import { call } from "../api/client";
import { fileAddress } from "../api/files";
import type { Operations } from "../api/openapi-types";
import { Breadcrumb } from "../components/breadcrumb";
import { ConfirmDialog } from "../components/confirm-dialog";
import { Loading } from "../components/loading";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { Section } from "../components/section";
import { formatDateTime, formatNumber, formatSeconds } from "../format";
import { useAction } from "../hooks/use-load";
import type { PageProps } from "../routes";
import { AreaNav } from "./walkthroughs/area-nav";
import { JobFailure, JobProgress, JobState } from "./walkthroughs/job-status";
import { useJob } from "./walkthroughs/jobs";
import { renderNotes } from "./walkthroughs/render-notes";
import { VideoPlayer } from "./walkthroughs/video-player";

type Download = Operations["renders.download"]["response"];

const megabytes = (bytes: number) => `${formatNumber(Math.round((bytes / 1_048_576) * 10) / 10)} MB`;

/** A walkthrough video: its making as it goes, then the player, the download and what it cost. */
export default function WalkthroughsVideo({ params }: PageProps) {
  const id = params.id as string;
  const job = useJob(() => call("renders.get", { params: { id } }), id);
  const [cancelling, setCancelling] = useState(false);
  const [link, setLink] = useState<Download | null>(null);
  const download = useAction(async () => setLink(await call("renders.download", { params: { id } })));
  const j = job.data;
  const note = renderNotes.get(id);
  const TITLES = { succeeded: "Your walkthrough video", failed: "The video failed", cancelled: "Video cancelled" };
  const title = (j && TITLES[j.state as keyof typeof TITLES]) || "Making the video";
  return (
    <>
      <AreaNav />
      <Breadcrumb to="/walkthroughs">Videos and plans</Breadcrumb>
      <PageHeader
        title={title}
        description={j ? `Started ${formatDateTime(j.createdAt)}.` : undefined}
        actions={
          j?.cancellable ? (
            <button type="button" className="button danger" onClick={() => setCancelling(true)}>
              Cancel the video
            </button>
          ) : null
        }
      />
      <Refusal failure={job.failure} />
      {!j && job.loading ? <Loading /> : null}
      {note ? (
        <Notice tone="info">
          <p>{note}</p>
        </Notice>
      ) : null}
      {j ? (
        <>
          <JobFailure job={j} what="video" />
          {j.state === "queued" || j.state === "running" ? <JobProgress job={j} what="Making the video" /> : null}
          {j.state === "succeeded" && j.artifactsExpired ? (
            <Notice tone="warning">
              <p>The files of this video were deleted at the end of the time they are kept.</p>
            </Notice>
          ) : null}
          {j.state === "succeeded" && !j.artifactsExpired ? (
            <>
              <VideoPlayer job={j} title={title} />
              <Section titleId="download-title" title="Download">
                {link ? (
                  <p className="form-actions">
                    <a className="button primary" href={fileAddress(link.url)} download="walkthrough.mp4">
                      Save the MP4 ({megabytes(link.bytes)})
                    </a>
                    <span className="muted small">The link works until {formatDateTime(link.expiresAt)}.</span>
                  </p>
                ) : (
                  <button type="button" className="button" disabled={download.busy} onClick={() => void download.run()}>
                    {download.busy ? "Getting the link…" : "Get the download link"}
                  </button>
                )}
                <Refusal failure={download.failure} />
              </Section>
            </>
          ) : null}
          <dl className="facts walk-facts">
            <div>
              <dt>Status</dt>
              <dd>
                <JobState job={j} />
              </dd>
            </div>
            <div>
              <dt>Length</dt>
              <dd>{j.result?.durationSeconds ? formatSeconds(j.result.durationSeconds) : "—"}</dd>
            </div>
            <div>
              <dt>Video time</dt>
              <dd>
                {j.cost.secondsCharged !== null
                  ? `${formatSeconds(j.cost.secondsCharged)} charged`
                  : `${formatSeconds(j.cost.secondsReserved)} held`}
              </dd>
            </div>
            <div>
              <dt>Finished</dt>
              <dd>{formatDateTime(j.finishedAt)}</dd>
            </div>
          </dl>
          <ConfirmDialog
            open={cancelling}
            title="Cancel this video?"
            confirm="Cancel the video"
            busy="Cancelling…"
            onConfirm={async () => job.setData((await call("renders.cancel", { params: { id } })).resource)}
            onClose={() => setCancelling(false)}
          >
            <p>Making the video stops within a few seconds.</p>
          </ConfirmDialog>
        </>
      ) : null}
    </>
  );
}
