import { Notice } from "../../components/notice";
import { formatDateTime } from "../../format";
import { type Job, sameOriginFile } from "./job";
import { assetFile, type Manifest } from "./manifest";
import { Palette } from "./swatch";

const KIND_WORDS: Record<string, string> = {
  headline: "Headline",
  value_proposition: "Value",
  feature: "Feature",
  step: "Step",
  testimonial: "Testimonial",
  pricing: "Pricing",
  faq: "Question",
  call_to_action: "Call to action",
};

/** How many copy blocks and pictures are shown at first: a long site stays a readable page. */
const COPY_SHOWN = 12;
const PICTURES_SHOWN = 6;

/** What one source version found, all of it as text: the site wrote it, and the site is not trusted. */
export function ManifestView({ job, manifest }: { job: Job; manifest: Manifest }) {
  const pictures = manifest.assets.filter((a) => (a.type === "screenshot" || a.type === "logo") && a.retained);
  const logo = manifest.assets.find((a) => a.id === manifest.brand.logo);
  const logoFile = logo ? sameOriginFile(assetFile(job, logo)?.url) : null;
  return (
    <div className="manifest">
      {manifest.degraded ? (
        <Notice tone="warning">
          <p>Parts of the site could not be read; the warnings below say which.</p>
        </Notice>
      ) : null}
      <dl className="facts">
        <div>
          <dt>Name</dt>
          <dd>{manifest.brand.name ?? "—"}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd className="url">{manifest.url}</dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>{manifest.brand.language ?? "not stated"}</dd>
        </div>
        <div>
          <dt>Scanned</dt>
          <dd>{formatDateTime(manifest.createdAt)}</dd>
        </div>
        {manifest.brand.tagline || manifest.brand.description ? (
          <div className="wide">
            <dt>Description</dt>
            <dd>{manifest.brand.tagline ?? manifest.brand.description}</dd>
          </div>
        ) : null}
        {logoFile ? (
          <div>
            <dt>Logo</dt>
            <dd>
              <img className="source-logo" src={logoFile} alt={`Logo of ${manifest.brand.name ?? "the site"}`} />
            </dd>
          </div>
        ) : null}
        <div className="wide">
          <dt>Fonts</dt>
          <dd>
            {manifest.fonts.length
              ? manifest.fonts
                  .map(
                    (f) =>
                      `${f.family} (${f.role}${f.catalogFontId ? "" : `, drawn as ${f.fallbackFontId ?? "a stand-in"}`})`,
                  )
                  .join(", ")
              : "none found"}
          </dd>
        </div>
      </dl>
      <h3>Palette</h3>
      <Palette
        label="Colours found on the site"
        colours={manifest.palette.map((c, i) => ({ label: c.role ?? `colour ${i + 1}`, hex: c.hex }))}
      />
      <h3>Pages read ({manifest.pages.length})</h3>
      <ul className="plain-list">
        {manifest.pages.map((p) => (
          <li key={p.index}>
            {p.title ?? "Untitled"} <span className="muted small url">{p.url}</span>
          </li>
        ))}
      </ul>
      <h3>Copy found ({manifest.copy.length} blocks)</h3>
      <ul className="copy-blocks">
        {manifest.copy.slice(0, COPY_SHOWN).map((c) => (
          <li key={c.id}>
            <span className="badge badge-neutral">{KIND_WORDS[c.kind] ?? c.kind}</span>
            {c.title ? <strong>{c.title} </strong> : null}
            {c.text ?? c.price ?? ""}
            {c.author ? <span className="muted"> — {c.author}</span> : null}
          </li>
        ))}
      </ul>
      {manifest.copy.length > COPY_SHOWN ? (
        <p className="muted small">and {manifest.copy.length - COPY_SHOWN} more blocks.</p>
      ) : null}
      {pictures.length ? (
        <>
          <h3>Pictures</h3>
          <ul className="thumbs">
            {pictures.slice(0, PICTURES_SHOWN).map((a) => {
              const file = assetFile(job, a);
              const src = sameOriginFile(file?.url);
              return (
                <li key={a.id}>
                  {src ? (
                    <img src={src} alt={`${a.type === "logo" ? "Logo" : "Screenshot"} ${a.id}`} />
                  ) : file?.url ? (
                    <a href={file.url}>Open {a.id}</a>
                  ) : (
                    <span className="muted">{a.id}</span>
                  )}
                  <span className="muted small block">{a.id}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {manifest.warnings.length ? (
        <>
          <h3>Warnings</h3>
          <ul className="plain-list">
            {manifest.warnings.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no id and never reorder.
              <li key={i}>
                <code>{w.code}</code> {w.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
