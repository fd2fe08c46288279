import { useLoad } from "../../hooks/use-load";
import { type Job, shortId } from "./job";
import { readManifest } from "./manifest";

/** A source as a person knows it: the site's name and address, from its manifest (as text). */
export function SourceName({ job }: { job: Job }) {
  const manifest = useLoad(
    async () => (job.state === "succeeded" && !job.artifactsExpired ? readManifest(job) : null),
    `${job.id}:${job.state}`,
  );
  const m = manifest.data;
  if (!m) return <span className="muted">Website scan {shortId(job.id)}</span>;
  return (
    <>
      {m.brand.name ?? m.url}
      <span className="muted block small url">{m.url}</span>
    </>
  );
}
