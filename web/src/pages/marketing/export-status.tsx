import { call } from "../../api/client";
import { Notice } from "../../components/notice";
import { Refusal } from "../../components/refusal";
import { formatDateTime } from "../../format";
import { useAction } from "../../hooks/use-load";
import { JobProgress, JobState, jobFailure, sameOriginFile, shortId, useJob } from "./job";

const EXTENSIONS: Record<string, string> = { "video/mp4": "mp4", "video/webm": "webm", "image/gif": "gif" };

/**
 * Saves a file the service answered a signed URL for. On this origin a link with `download` saves it
 * (the signature is the credential: no session token is ever put in an address); a file stored elsewhere
 * is opened instead, as the browser allows `download` only on its own origin.
 */
function save(url: string, name: string): void {
  const local = sameOriginFile(url);
  const link = document.createElement("a");
  link.href = local ?? url;
  if (local) link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/** One export: its progress (the envelope's percent, exactly), cancelling, and the download once done. */
export function ExportStatus({ id, onSettled }: { id: string; onSettled?: () => void }) {
  const job = useJob(() => call("marketing.getExport", { params: { id } }), id, onSettled);
  const download = useAction(async () => {
    const file = await call("marketing.downloadExport", { params: { id } });
    save(file.url, `clipwright-${shortId(id)}.${EXTENSIONS[file.contentType] ?? "mp4"}`);
  });
  const cancel = useAction(async () => {
    await call("marketing.cancelExport", { params: { id }, body: {} });
    await job.reload();
  });
  const x = job.data;
  if (!x) return <Refusal failure={job.failure} />;
  const video = x.result?.artifacts.find((a) => a.type === "video");
  return (
    <div className="export-status">
      <p>
        Export <code>{shortId(id)}</code> <JobState job={x} />
        <span className="muted small"> started {formatDateTime(x.createdAt)}</span>
      </p>
      <JobProgress job={x} what="Exporting" />
      {jobFailure(x) ? (
        <Notice tone="error">
          <p>The export did not succeed: {jobFailure(x)} Nothing was charged for it.</p>
        </Notice>
      ) : null}
      {x.state === "succeeded" && !x.artifactsExpired ? (
        <Notice tone="success" live>
          <p>
            Ready: {x.result?.durationSeconds ? `${Math.round(x.result.durationSeconds)} s of video` : "the video"}
            {video?.bytes ? `, ${(video.bytes / 1_000_000).toFixed(1)} MB` : ""}
            {x.cost.secondsCharged !== null ? `; ${x.cost.secondsCharged} s charged` : ""}
            {x.cost.watermark ? " (watermarked)" : ""}.
          </p>
        </Notice>
      ) : null}
      <div className="form-actions">
        {x.state === "succeeded" && !x.artifactsExpired ? (
          <button type="button" className="button primary" disabled={download.busy} onClick={() => void download.run()}>
            {download.busy ? "Preparing…" : "Download video"}
          </button>
        ) : null}
        {x.cancellable ? (
          <button type="button" className="button" disabled={cancel.busy} onClick={() => void cancel.run()}>
            Cancel export
          </button>
        ) : null}
      </div>
      <Refusal failure={download.failure ?? cancel.failure} />
    </div>
  );
}
