import { type Artifact, artifactsOf, type Job, sameOriginFile } from "./job";

/**
 * The parts of a source version's manifest (artifact `source`, schema clipwright.source.v1, published in
 * the OpenAPI document as SourceManifest) these pages show. Every string in it was read from an untrusted
 * website: it is only ever rendered as text.
 */
export interface Manifest {
  version: number;
  kind: "url" | "render";
  url: string;
  createdAt: string;
  degraded: boolean;
  pages: { index: number; url: string; role: string; title: string | null }[];
  brand: {
    name: string | null;
    tagline: string | null;
    description: string | null;
    language: string | null;
    logo: string | null;
    suggestedColors: { background: string; text: string; primary: string; primaryText: string } | null;
  };
  palette: { hex: string; role: string | null; weight: number }[];
  fonts: { family: string; role: string; catalogFontId: string | null; fallbackFontId: string | null }[];
  copy: {
    id: string;
    kind: string;
    title?: string | null;
    text?: string;
    author?: string | null;
    price?: string | null;
  }[];
  assets: {
    id: string;
    type: string;
    sha256: string | null;
    retained: boolean;
    width: number | null;
    height: number | null;
  }[];
  warnings: { code: string; message: string }[];
}

/**
 * Reads a succeeded version's manifest from its signed file URL (on this origin: `connect-src 'self'`).
 * Null when the version has no readable manifest (expired, or stored on another origin).
 */
export async function readManifest(job: Job): Promise<Manifest | null> {
  const file = sameOriginFile(artifactsOf(job, "source")[0]?.url);
  if (!file) return null;
  const res = await fetch(file, { credentials: "omit", cache: "no-store" });
  if (!res.ok) return null;
  return (await res.json()) as Manifest;
}

/** The envelope's file of a manifest asset (matched by sha256, which both list). */
export function assetFile(job: Job, asset: Manifest["assets"][number]): Artifact | undefined {
  return asset.sha256 ? job.result?.artifacts.find((a) => a.sha256 === asset.sha256) : undefined;
}
