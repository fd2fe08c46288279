import type { Static } from "@sinclair/typebox";
import type { JobRow } from "../../jobs/envelope.js";
import { artifactSigner, toEnvelope } from "../../jobs/envelope.js";
import { findJobByIdempotencyKey } from "../../jobs/store.js";
import type { Answer } from "../../operations/define.js";
import { locationOf } from "../../operations/location.js";
import type { RenderJobInput } from "../../pipelines/walkthrough/render-input.js";
import type { DomainServices } from "../services.js";
import type { LengthFit } from "./length-fit.js";
import { type CreateRenderResponse, RENDER_KIND } from "./schemas.js";

type CredentialSource = "request" | "storyboard" | null;
type RenderAnswer = Answer<202 | 200, Static<typeof CreateRenderResponse>>;

/** The answer of both render creates: 202 for new work, 200 (`created: false`) for work already known. */
export function renderAnswer(
  deps: Pick<DomainServices, "storage">,
  job: JobRow,
  created: boolean,
  credentialSource: CredentialSource,
  lengthFit: LengthFit | null,
): RenderAnswer {
  return {
    status: created ? 202 : 200,
    body: { created, credentialSource, resource: toEnvelope(job, artifactSigner(deps)), lengthFit },
    location: locationOf("renders.get", { id: job.id }),
  };
}

/**
 * A retry whose idempotency claim has expired but whose render exists: the spec answers 200 with that
 * work, so it is looked up before anything is checked again (the storyboard may have expired, the
 * credentials been swept, the balance spent since). `credentialSource` is read off the job: whether it
 * signs in, and (the retry carrying the same body) whether this request sent the credentials.
 */
export async function knownRender(
  deps: Pick<DomainServices, "db" | "storage">,
  accountId: string,
  idempotencyKey: string | null,
  sentCredentials: boolean,
): Promise<RenderAnswer | null> {
  if (!idempotencyKey) return null;
  const job = await findJobByIdempotencyKey(deps.db.kysely, accountId, RENDER_KIND, idempotencyKey);
  if (!job) return null;
  const input = JSON.parse(job.input) as Pick<RenderJobInput, "credentialsOwner">;
  const credentialSource: CredentialSource =
    input.credentialsOwner === null ? null : sentCredentials ? "request" : "storyboard";
  return renderAnswer(deps, job, false, credentialSource, null);
}
