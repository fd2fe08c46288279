import { type Artifact, artifactsOf, type Job, sameOriginFile } from "./job";

/**
 * A generation's preview stills by scene id. Each `preview` artifact is one visible scene's PNG, in the
 * order of the scenes; its stored name ends in `preview-<scene id>.png`, which places it when a later
 * revision moved or hid scenes.
 */
export function previewsByScene(generation: Job | null | undefined): Map<string, Artifact> {
  const out = new Map<string, Artifact>();
  for (const a of artifactsOf(generation, "preview")) {
    const scene = /preview-(sc-\d+)\.png/.exec(a.url ?? "")?.[1];
    if (scene) out.set(scene, a);
  }
  return out;
}

/** One scene's still, on this origin; a link when the file lives elsewhere; nothing when it expired. */
export function Preview({ artifact, alt }: { artifact: Artifact | undefined; alt: string }) {
  const src = sameOriginFile(artifact?.url);
  if (src) return <img className="scene-preview" src={src} alt={alt} />;
  if (artifact?.url) return <a href={artifact.url}>Open the preview</a>;
  return <span className="scene-preview none">No preview</span>;
}
