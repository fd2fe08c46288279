import { useState } from "react";
import { call } from "../api/client";
import { CheckedForm } from "../components/checked-form";
import { InputField } from "../components/input-field";
import { PageHeader } from "../components/page-header";
import { PagedSection } from "../components/paged-section";
import { Refusal } from "../components/refusal";
import { Section } from "../components/section";
import { formatDateTime } from "../format";
import { useAction } from "../hooks/use-load";
import { usePages } from "../hooks/use-pages";
import { navigate } from "../router/history";
import { Link } from "../router/link";
import { type Job, JobState, shortId } from "./marketing/job";
import { SourceName } from "./marketing/source-name";

const URL_LABELS = { url: "Website address" };

/** A web address as a person types it: `example.com` means https://example.com/. */
function withScheme(text: string): string {
  const t = text.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `https://${t}`;
}

/** A generation's or export's first cells in its list: its short id, linking to its page, then its state. */
function JobCells({ job, to }: { job: Pick<Job, "id" | "state" | "artifactsExpired">; to: string }) {
  return (
    <>
      <th scope="row">
        <Link to={to}>
          <code>{shortId(job.id)}</code>
        </Link>
      </th>
      <td>
        <JobState job={job} />
      </td>
    </>
  );
}

/** Marketing videos: scan a website, then the sources, projects, generations and exports of the account. */
export default function Marketing() {
  const [url, setUrl] = useState("");
  const [tried, setTried] = useState(false);
  const sources = usePages((cursor) => call("marketing.listSources", { query: { limit: 20, cursor } }));
  const projects = usePages((cursor) => call("marketing.listProjects", { query: { limit: 20, cursor } }));
  const generations = usePages((cursor) => call("marketing.listGenerations", { query: { limit: 10, cursor } }));
  const exports = usePages((cursor) => call("marketing.listExports", { query: { limit: 10, cursor } }));
  const scan = useAction(async () => {
    const job = await call("marketing.createSource", { body: { url: withScheme(url) } });
    navigate(`/marketing/sources/${job.id}`);
  });
  const problem = url.trim() ? null : "Enter the address of the website to scan.";
  const generate = (
    <Link className="button primary" to="/marketing/generate">
      Make a video
    </Link>
  );
  return (
    <>
      <PageHeader
        title="Marketing videos"
        description="Scan a website, make a short video from its own words and pictures, edit it by a sentence, and export it. Only exporting spends video time."
        actions={
          <>
            {generate}
            <Link className="button" to="/marketing/brand-kit">
              Brand kit
            </Link>
          </>
        }
      />
      <Section titleId="scan-title" title="Scan a website">
        <CheckedForm wide valid={problem === null} onTried={() => setTried(true)} onValid={() => void scan.run()}>
          <InputField
            label="Website address"
            hint="Its start page and up to five pages linked from it are read: copy, colours, fonts, logo and screenshots."
            problem={tried ? problem : null}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            maxLength={2048}
            value={url}
            onChange={setUrl}
          />
          <Refusal failure={scan.failure} labels={URL_LABELS} />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={scan.busy}>
              {scan.busy ? "Starting…" : "Scan website"}
            </button>
          </div>
        </CheckedForm>
      </Section>

      <PagedSection
        titleId="sources-title"
        title="Sources"
        pages={sources}
        empty={{
          title: "No sources yet",
          body: "Scan a website above: each scan is a version you can refresh later.",
        }}
        columns={["Website", "Status", "Scanned"]}
        row={(s) => (
          <tr key={s.id}>
            <th scope="row">
              <Link to={`/marketing/sources/${s.id}`}>
                <SourceName job={s} />
              </Link>
            </th>
            <td>
              <JobState job={s} />
            </td>
            <td className="when">{formatDateTime(s.finishedAt ?? s.createdAt)}</td>
          </tr>
        )}
      />

      <PagedSection
        titleId="projects-title"
        title="Projects"
        pages={projects}
        empty={{
          title: "No projects yet",
          body: "A project is made from a finished generation; its revisions and exports live there.",
          action: generate,
        }}
        columns={["Name", "Template", "Revisions", "Changed"]}
        row={(p) => (
          <tr key={p.id}>
            <th scope="row">
              <Link to={`/marketing/projects/${p.id}`}>{p.name}</Link>
            </th>
            <td>{p.templateId}</td>
            <td className="num">{p.latestRevision}</td>
            <td className="when">{formatDateTime(p.updatedAt)}</td>
          </tr>
        )}
      />

      <PagedSection
        titleId="generations-title"
        title="Generations"
        pages={generations}
        empty={{ title: "No generations yet", body: "Generating writes a video's first revision from a source." }}
        columns={["Generation", "Status", "Started"]}
        row={(g) => (
          <tr key={g.id}>
            <JobCells job={g} to={`/marketing/generations/${g.id}`} />
            <td className="when">{formatDateTime(g.createdAt)}</td>
          </tr>
        )}
      />

      <PagedSection
        titleId="exports-title"
        title="Exports"
        pages={exports}
        empty={{ title: "No exports yet", body: "Export a project to get its video file." }}
        columns={["Export", "Status", "Length", "Started"]}
        row={(x) => (
          <tr key={x.id}>
            <JobCells job={x} to={`/marketing/exports/${x.id}`} />
            <td className="num">{x.result?.durationSeconds ? `${Math.round(x.result.durationSeconds)} s` : "—"}</td>
            <td className="when">{formatDateTime(x.createdAt)}</td>
          </tr>
        )}
      />
    </>
  );
}
