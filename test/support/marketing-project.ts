import { expect } from "vitest";
import type { CampaignDocument } from "../../src/pipelines/marketing/campaign/document.js";
import { type Harness, idem } from "../../src/testutil/harness.js";
import { capturedVersion, pngOf, seedSource } from "./seed-source.js";

export interface GeneratedProject {
  sourceId: string;
  generationId: string;
  projectId: string;
  document: CampaignDocument;
}

/**
 * A project as a user makes one, on the real generation job (story, festival, Chromium stills): the SaaS
 * fixture's captured scan seeded as a source (its copy and claims as scanned; its pictures small PNGs,
 * plus a logo too wide for any layout, `image-99`), a generation run to success, a project made from it.
 * The harness must run workers.
 */
export async function generatedProject(
  h: Harness,
  token: string,
  accountId: string,
  request: { templateId: string; seconds?: number; orientation?: string } = {
    templateId: "product-launch",
    seconds: 30,
  },
): Promise<GeneratedProject> {
  const version = await capturedVersion("saas");
  version.assets?.push({
    id: "image-99",
    type: "image",
    contentType: "image/png",
    data: await pngOf("#0f172a", 200, 10),
    size: { width: 2000, height: 100 },
  });
  const { sourceId } = await seedSource(h, accountId, { versions: [version] });
  const started = await h.request("POST", "/marketing/generations", {
    token,
    idempotencyKey: idem(),
    body: { sourceId, ...request },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await h.drain();
  const generation = await h.request("GET", `/marketing/generations/${started.body.id}`, { token });
  expect(generation.body.state, JSON.stringify(generation.body.error)).toBe("succeeded");
  const project = await h.request("POST", "/marketing/projects", {
    token,
    idempotencyKey: idem(),
    body: { generationId: started.body.id },
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  return {
    sourceId,
    generationId: started.body.id,
    projectId: project.body.id,
    document: project.body.revision.document,
  };
}
