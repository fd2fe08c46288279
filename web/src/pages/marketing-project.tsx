import { useState } from "react";
import { call } from "../api/client";
import { Breadcrumb } from "../components/breadcrumb";
import { ConfirmDialog } from "../components/confirm-dialog";
import { PageHeader } from "../components/page-header";
import { PageLoading } from "../components/page-loading";
import { Section } from "../components/section";
import { formatDateTime, formatSeconds } from "../format";
import { useLoad } from "../hooks/use-load";
import { usePages } from "../hooks/use-pages";
import { navigate, useLocation } from "../router/history";
import { Link } from "../router/link";
import type { PageProps } from "../routes";
import { ExportPanel } from "./marketing/export-panel";
import { Preview, previewsByScene } from "./marketing/previews";
import { Revisions } from "./marketing/revisions";
import { SentenceEdit } from "./marketing/sentence-edit";
import { Palette } from "./marketing/swatch";

/** One project: its latest revision's scenes with their previews, a sentence edit, its history and its export. */
export default function MarketingProject({ params }: PageProps) {
  const id = params.id as string;
  const { search } = useLocation();
  const exportId = search.get("export");
  const project = useLoad(() => call("marketing.getProject", { params: { id } }), id);
  const generationId = project.data?.generationId ?? "";
  const generation = useLoad(
    async () => (generationId ? call("marketing.getGeneration", { params: { id: generationId } }) : null),
    generationId,
  );
  const templates = useLoad(() => call("catalog.listMarketingTemplates", { query: { limit: 100 } }));
  const revisions = usePages(
    (cursor) => call("marketing.listRevisions", { params: { id }, query: { limit: 100, cursor } }),
    id,
  );
  const [deleting, setDeleting] = useState(false);
  const p = project.data;
  if (!p) {
    return <PageLoading title="Project" failure={project.failure} loading={project.loading} />;
  }
  const doc = p.revision.document;
  const previews = previewsByScene(generation.data);
  const template = templates.data?.data.find((t) => t.id === p.templateId);
  const changed = () => {
    void project.reload();
    void revisions.reload();
  };
  const palette = doc.style.palette;
  return (
    <>
      <Breadcrumb to="/marketing">Marketing</Breadcrumb>
      <PageHeader
        title={p.name}
        description={p.description ?? undefined}
        actions={
          <button type="button" className="button danger" onClick={() => setDeleting(true)}>
            Delete project
          </button>
        }
      />
      <dl className="facts">
        <div>
          <dt>Revision</dt>
          <dd>
            {p.latestRevision} <span className="muted small">made {formatDateTime(p.revision.createdAt)}</span>
          </dd>
        </div>
        <div>
          <dt>Template</dt>
          <dd>{template?.name ?? p.templateId}</dd>
        </div>
        <div>
          <dt>Video</dt>
          <dd>
            {formatSeconds(doc.export.seconds)}, {doc.export.orientation}, {doc.export.format.toUpperCase()}
          </dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>
            <Link to={`/marketing/sources/${p.sourceId}`}>version {p.sourceVersion}</Link>
          </dd>
        </div>
        <div className="wide">
          <dt>Cover text</dt>
          <dd>{doc.story.coverText}</dd>
        </div>
        <div className="wide">
          <dt>Colours</dt>
          <dd>
            <Palette
              label="The video's colours"
              colours={[
                { label: "Background", hex: palette.background },
                { label: "Text", hex: palette.text },
                { label: "Primary", hex: palette.primary },
                { label: "Text on primary", hex: palette.primaryText },
                { label: "Accent", hex: palette.accent },
              ]}
            />
          </dd>
        </div>
      </dl>

      <Section titleId="scenes-title" title="Scenes">
        {p.latestRevision > 1 ? (
          <p className="hint">The stills were drawn for the first draft; the text beside each is this revision's.</p>
        ) : null}
        <ol className="scenes">
          {doc.story.scenes.map((s, i) => (
            <li key={s.id} className={s.hidden ? "scene hidden-scene" : "scene"}>
              <Preview
                artifact={previews.get(s.id)}
                alt={`Preview of scene ${i + 1}, ${s.kind.replaceAll("_", " ")}`}
              />
              <div className="scene-text">
                <p className="scene-head">
                  <span className="badge badge-neutral">{s.kind.replaceAll("_", " ")}</span>
                  {s.hidden ? <span className="badge badge-warn">hidden</span> : null}
                  <span className="muted small">{Math.round(s.seconds * 10) / 10} s</span>
                </p>
                {s.headline ? <p className="scene-headline">{s.headline}</p> : null}
                {s.body ? <p>{s.body}</p> : null}
                {s.quote ? (
                  <p>
                    “{s.quote.text}” <span className="muted">— {s.quote.author}</span>
                  </p>
                ) : null}
                {s.cta ? (
                  <p>
                    Button: <strong>{s.cta.text}</strong> <span className="muted small url">{s.cta.url}</span>
                  </p>
                ) : null}
                {s.narration ? <p className="muted small">Narration: {s.narration}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <SentenceEdit projectId={id} revision={p.latestRevision} onApplied={changed} />
      <Revisions projectId={id} pages={revisions} latest={p.latestRevision} onReverted={changed} />
      <ExportPanel
        key={p.latestRevision}
        projectId={id}
        revision={p.latestRevision}
        defaults={{ format: doc.export.format, orientation: doc.export.orientation }}
        orientations={template?.orientations ?? [doc.export.orientation]}
        exportId={exportId}
        onExported={(x) => navigate(`/marketing/projects/${id}?export=${encodeURIComponent(x)}`, { replace: true })}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete this project?"
        confirm="Delete project"
        busy="Deleting…"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await call("marketing.deleteProject", { params: { id } });
          navigate("/marketing");
        }}
      >
        <p>The project and its revisions are deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
