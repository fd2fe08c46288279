import { call } from "../../api/client";
import type { Job } from "./job";
import { type Manifest, readManifest } from "./manifest";

/** A succeeded source with what its latest version found, for menus (generate, the brand kit's starting point). */
export interface ReadySource {
  id: string;
  label: string;
  manifest: Manifest;
  job: Job;
}

/** The account's newest sources whose scan succeeded, each with its latest version's manifest. */
export async function readySources(): Promise<ReadySource[]> {
  const page = await call("marketing.listSources", { query: { limit: 50 } });
  const ready = page.data.filter((s) => s.state === "succeeded" && !s.artifactsExpired);
  const read = await Promise.all(
    ready.map(async (s) => {
      const latest = await call("marketing.getSource", { params: { id: s.id }, query: { version: "latest" } });
      const manifest = await readManifest(latest);
      return manifest
        ? {
            id: s.id,
            label: `${manifest.brand.name ?? manifest.url} (version ${manifest.version})`,
            manifest,
            job: latest,
          }
        : null;
    }),
  );
  return read.filter((s): s is ReadySource => s !== null);
}
