import { Type } from "@sinclair/typebox";
import { CancelJobBody, cancelJobResponse, JobEnvelopeSchema } from "../../../jobs/envelope.js";
import { SITE_URL_MAX } from "../../../net/guard.js";

/**
 * A source is the job of its first inspection (decision 0025): its id is the source id, GET answers its
 * envelope. The spec's kind string says scan, though a render source is read, not scanned (decision 0030).
 */
export const SOURCE_KIND = "marketing.source_scan";
/** A refresh: its own job and id; when it succeeds its result is the source's next version. */
export const SOURCE_REFRESH_KIND = "marketing.source_operation";
/** Every inspection of a source is a job of one of these kinds. */
export const SOURCE_JOB_KINDS: readonly string[] = [SOURCE_KIND, SOURCE_REFRESH_KIND];

/** Address of a source: the site bound storyboards and renders take, so one address is accepted by all. */
const SourceUrl = Type.String({
  minLength: 1,
  maxLength: SITE_URL_MAX,
  description: "The website to scan (http or https); stored and scanned normalised, without its fragment.",
});

/**
 * POST /marketing/sources: exactly one of `url` or `renderId` (checked by the operation, so that neither
 * or both answers one issue at `body`, code `exactly_one_of`). No other fields in v1.
 */
export const CreateSourceBody = Type.Object(
  {
    url: Type.Optional(SourceUrl),
    renderId: Type.Optional(
      Type.String({ format: "uuid", description: "A succeeded walkthrough render of this account, files retained." }),
    ),
  },
  { additionalProperties: false },
);

/** POST /marketing/sources/{id}/refresh: optional; `{}` refreshes the source's own address. */
export const RefreshSourceBody = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: SITE_URL_MAX,
        description: "The source's own address (must equal it after normalisation; a new address is a new source).",
      }),
    ),
    expectedVersion: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: "Refresh only if this is still the latest version (source_version_mismatch otherwise).",
      }),
    ),
  },
  { additionalProperties: false },
);

/** Path ids are not shape-checked: an unknown or malformed id answers 404 not_found, no hint either way. */
export const SourceIdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: "A source id, or a refresh's id." }) },
  { additionalProperties: false },
);

export const GetSourceQuery = Type.Object(
  {
    version: Type.Optional(
      Type.String({
        pattern: "^([1-9][0-9]{0,8}|latest)$",
        description: "A version number (1, 2, …) or `latest`: answers the envelope of the job that made it.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const SourceEnvelope = JobEnvelopeSchema;

export const CancelSourceBody = CancelJobBody;
export const CancelSourceResponse = cancelJobResponse("inspection");

export const DeleteSourceResponse = Type.Object(
  { id: Type.String(), deleted: Type.Literal(true) },
  { additionalProperties: false },
);
