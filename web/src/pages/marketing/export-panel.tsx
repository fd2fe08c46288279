import { useState } from "react";
import { call, type ResponseOf } from "../../api/client";
import { Refusal } from "../../components/refusal";
import { SelectField } from "../../components/select-field";
import { formatNumber, formatSeconds } from "../../format";
import { useAction } from "../../hooks/use-load";
import { ExportStatus } from "./export-status";

type Quote = ResponseOf<"marketing.quoteExport">;
const FORMATS = [
  { id: "mp4", label: "MP4 (H.264 and AAC)" },
  { id: "webm", label: "WebM" },
  { id: "gif", label: "GIF (no sound)" },
] as const;

/** Export a revision: a quote of what it would hold and charge first, then the export and its progress. */
export function ExportPanel({
  projectId,
  revision,
  defaults,
  orientations,
  exportId,
  onExported,
}: {
  projectId: string;
  revision: number;
  defaults: { format: string; orientation: string };
  orientations: readonly string[];
  exportId: string | null;
  onExported: (exportId: string) => void;
}) {
  const [format, setFormat] = useState(defaults.format);
  const [orientation, setOrientation] = useState(defaults.orientation);
  const [quote, setQuote] = useState<Quote | null>(null);
  const body = { revision, format, orientation };
  const getQuote = useAction(async () => {
    setQuote(await call("marketing.quoteExport", { body: { projectId, ...body } }));
  });
  const start = useAction(async () => {
    const made = await call("marketing.createExport", { params: { id: projectId }, body });
    onExported(made.resource.id);
  });
  const changed = (set: (v: string) => void) => (v: string) => {
    setQuote(null);
    set(v);
  };
  return (
    <section className="section" aria-labelledby="export-title">
      <h2 id="export-title">Export revision {revision}</h2>
      <div className="row">
        <SelectField label="Format" value={format} onChange={changed(setFormat)}>
          {FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Orientation" value={orientation} onChange={changed(setOrientation)}>
          {orientations.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </SelectField>
      </div>
      {quote ? (
        <div className="quote" role="status">
          <p>
            <strong>
              {formatSeconds(quote.seconds)} of {quote.format.toUpperCase()} video, {quote.width}×{quote.height}
            </strong>
            {quote.watermark ? ", watermarked" : ""}.
          </p>
          <p>
            {quote.sufficient
              ? `${formatSeconds(quote.secondsToReserve)} are held from your ${formatNumber(quote.availableSeconds)} s while it renders; you are charged for the video's real length.`
              : `Your wallet is ${formatSeconds(quote.needed ?? 0)} short of this export.`}
            {quote.capped ? " The free tier shortens it." : ""}
          </p>
        </div>
      ) : null}
      <Refusal failure={getQuote.failure ?? start.failure} />
      <div className="form-actions spaced">
        <button type="button" className="button" disabled={getQuote.busy} onClick={() => void getQuote.run()}>
          {getQuote.busy ? "Pricing…" : "Get a quote"}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={start.busy || !quote || !quote.sufficient}
          onClick={() => void start.run()}
        >
          {start.busy ? "Starting…" : "Export"}
        </button>
      </div>
      {!quote ? <p className="hint">Get a quote first: it says what the export holds and charges.</p> : null}
      {exportId ? <ExportStatus key={exportId} id={exportId} /> : null}
    </section>
  );
}
