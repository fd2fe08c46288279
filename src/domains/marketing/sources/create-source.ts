import { validationFailed } from "../../../contract/errors.js";
import { defineOperation } from "../../services.js";
import { inspectionAnswer, inspectionRequestHash } from "./answer.js";
import { knownInspection } from "./known-inspection.js";
import { checkRenderOrigin } from "./render-origin.js";
import { CreateSourceBody, SOURCE_KIND, SourceEnvelope } from "./schemas.js";
import { checkSourceAddress } from "./source-address.js";
import { type NewInspection, startInspection } from "./start-inspection.js";

export const createSourceOperation = defineOperation({
  id: "marketing.createSource",
  summary: "Make a source from a website (scanned) or a render (read)",
  description:
    "Starts a source: a marketing.source_scan job whose id is the source id (202, status URL in Location; 200 with the known source when the Idempotency-Key already made one). Send exactly one of `url` (a website: its start page and up to five more pages of the same origin are visited and read into a versioned manifest, the `source` artifact, with screenshots, the logo and images) or `renderId` (a succeeded walkthrough render of this account: its video, poster, beat stills and captions become the source's assets). A succeeded first inspection (the scan, or the reading of the render) is version 1; each succeeded refresh makes the next. Addresses are refused exactly as storyboards refuse them (site_not_allowed, url_malformed, url_private, url_invalid). Inspections are free (cost 0); an account may start CLIPWRIGHT_SOURCE_ORIGIN_DAILY_CAP (20) scans and refreshes of one origin per UTC day (429 origin_daily_cap, Retry-After to the next UTC midnight). A key reused after its 24-hour claim with a different body answers 409 source_idempotency_conflict.",
  body: CreateSourceBody,
  responses: { 202: SourceEnvelope, 200: SourceEnvelope },
  errors: [
    "site_not_allowed",
    "url_malformed",
    "url_private",
    "url_invalid",
    "source_render_not_found",
    "not_finished",
    "origin_daily_cap",
    "source_idempotency_conflict",
    "source_deleted",
    "queue_unavailable",
    "wallet_unavailable",
  ],
  async handler({ actor, deps, body, idempotencyKey, requestId, now }) {
    if ((body.url === undefined) === (body.renderId === undefined)) {
      throw validationFailed([
        { path: "body", code: "exactly_one_of", message: "must have exactly one of url, renderId" },
      ]);
    }
    const hash = inspectionRequestHash("marketing.createSource", null, body);
    const known = await knownInspection(deps, actor.accountId, SOURCE_KIND, idempotencyKey, hash);
    if (known) return known;

    let spec: NewInspection;
    if (body.url !== undefined) {
      const address = await checkSourceAddress(deps, body.url);
      spec = { of: "source", kind: "url", ...address };
    } else {
      const renderId = body.renderId as string;
      const render = await checkRenderOrigin(deps, actor.accountId, renderId, now);
      spec = { of: "source", kind: "render", renderId, ...render };
    }
    const { job, created } = await startInspection(
      deps,
      { accountId: actor.accountId, idempotencyKey, requestId, requestHash: hash },
      spec,
    );
    return inspectionAnswer(deps, job, created);
  },
});
