import { type Static, Type } from "@sinclair/typebox";
import type { Selectable } from "kysely";
import type { JobsTable } from "../db/schema.js";
import type { Storage } from "../storage/storage.js";
import { isTerminal, JOB_KINDS, JOB_STATES } from "./kinds.js";

export type JobRow = Selectable<JobsTable>;

const NullableString = (format?: string) => Type.Union([Type.String(format ? { format } : {}), Type.Null()]);
const NullableNumber = () => Type.Union([Type.Number(), Type.Null()]);

export const ArtifactSchema = Type.Object(
  {
    type: Type.String({
      description:
        "What the file is: video, poster, captions, quality_report (a render's measured quality, JSON), storyboard, audio, …",
    }),
    url: NullableString(),
    expiresAt: NullableString("date-time"),
    bytes: NullableNumber(),
    sha256: NullableString(),
  },
  { additionalProperties: false },
);

/** The spec's job envelope: all 18 fields always present, nothing else. */
export const JobEnvelopeSchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.Union(JOB_KINDS.map((k) => Type.Literal(k))),
    state: Type.Union(JOB_STATES.map((s) => Type.Literal(s))),
    internalStatus: Type.String(),
    stage: NullableString(),
    progress: Type.Union([
      Type.Object(
        { stage: Type.String(), percent: Type.Number({ minimum: 0, maximum: 100 }), at: NullableString("date-time") },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    error: Type.Union([
      Type.Object(
        { code: Type.String(), reason: NullableString(), retryable: Type.Boolean(), terminal: Type.Boolean() },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    result: Type.Union([
      Type.Object(
        { artifacts: Type.Array(ArtifactSchema), durationSeconds: NullableNumber() },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    cost: Type.Object(
      {
        secondsReserved: Type.Number({ minimum: 0 }),
        secondsCharged: NullableNumber(),
        watermark: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    artifactsExpired: Type.Boolean(),
    cancellable: Type.Boolean(),
    idempotencyKey: NullableString(),
    requestId: NullableString(),
    createdAt: Type.String({ format: "date-time" }),
    startedAt: NullableString("date-time"),
    finishedAt: NullableString("date-time"),
    expiresAt: NullableString("date-time"),
    pollAfterMs: NullableNumber(),
  },
  { additionalProperties: false },
);
export type JobEnvelope = Static<typeof JobEnvelopeSchema>;

/** The body of every job cancel: an empty JSON object (spec, POST /storyboards/{id}/cancel). */
export const CancelJobBody = Type.Object({}, { additionalProperties: false });

/** What a job cancel answers (spec, POST /storyboards/{id}/cancel; renders and exports answer the same). */
export const cancelJobResponse = (noun: string) =>
  Type.Object(
    {
      resource: JobEnvelopeSchema,
      removedFromQueue: Type.Boolean({
        description: `True when the ${noun} was still queued and was taken out of the queue.`,
      }),
    },
    { additionalProperties: false },
  );

/** What a job's result column holds: files by storage key, turned into signed URLs when read. */
export interface StoredResult {
  artifacts: { type: string; key: string; bytes: number; sha256: string }[];
  durationSeconds: number | null;
}

/** Signs an artifact's storage key into a URL that stops working at `expiresAt`. */
export type ArtifactUrlSigner = (key: string) => { url: string; expiresAt: string };

/** Signed artifact URLs last an hour from the answer that carries them. */
const ARTIFACT_URL_TTL_SECONDS = 3600;
/** The signer answers and webhook sends use: the storage's signed URL, valid for an hour from now. */
export const artifactSigner =
  (deps: { storage: Pick<Storage, "signedUrl"> }): ArtifactUrlSigner =>
  (key) =>
    deps.storage.signedUrl(key, ARTIFACT_URL_TTL_SECONDS);

type StoredArtifact = StoredResult["artifacts"][number];
type Artifact = Static<typeof ArtifactSchema>;
/** The envelope with artifacts of type A. */
type EnvelopeWith<A> = Omit<JobEnvelope, "result"> & {
  result: { artifacts: A[]; durationSeconds: number | null } | null;
};

/**
 * An artifact as a job event's body holds it at rest (webhook_events.body): its storage key, never a
 * signed URL. The dispatcher signs it when an attempt is sent (signArtifactsAtRest), so what is stored
 * grants nothing and what is sent is valid from the send time.
 */
export interface ArtifactAtRest {
  type: string;
  key: string;
  bytes: number;
  sha256: string;
}

/** The envelope as a job event stores it: the same 18 fields, live artifacts by key (see ArtifactAtRest). */
export type EnvelopeAtRest = EnvelopeWith<Artifact | ArtifactAtRest>;

const POLL_AFTER_MS = { queued: 2000, running: 1000 } as const;

/** One artifact as answers carry it: the key signed, or no URL once the files expired (signUrl null). */
const publicArtifact = (a: StoredArtifact, signUrl: ArtifactUrlSigner | null): Artifact => ({
  type: a.type,
  ...(signUrl ? signUrl(a.key) : { url: null, expiresAt: null }),
  bytes: a.bytes,
  sha256: a.sha256,
});

/** The envelope exactly as GET answers it (and as webhook deliveries carry it). */
export function toEnvelope(row: JobRow, signUrl: ArtifactUrlSigner): JobEnvelope {
  const expired = row.artifacts_expired === 1;
  return envelopeOf(row, (a) => publicArtifact(a, expired ? null : signUrl));
}

/**
 * The envelope as a job event stores it (webhook_events.body): what toEnvelope answers, except that each
 * live artifact keeps its storage key in place of a signed URL (expired ones are stored as answered, URL null).
 */
export function toEnvelopeAtRest(row: JobRow): EnvelopeAtRest {
  const expired = row.artifacts_expired === 1;
  return envelopeOf<Artifact | ArtifactAtRest>(row, (a) =>
    expired ? publicArtifact(a, null) : { type: a.type, key: a.key, bytes: a.bytes, sha256: a.sha256 },
  );
}

const isArtifactAtRest = (a: unknown): a is ArtifactAtRest =>
  typeof a === "object" && a !== null && !("url" in a) && typeof (a as { key?: unknown }).key === "string";

/**
 * Signs, in place, the artifacts an event's `data` holds at rest (toEnvelopeAtRest), each into the
 * envelope's public form (same fields, same order as toEnvelope). Returns whether anything was signed:
 * other data (webhook.test, envelopes without live artifacts, events stored with URLs before keys were
 * stored) is left exactly as it is.
 */
export function signArtifactsAtRest(data: unknown, signUrl: ArtifactUrlSigner): boolean {
  const artifacts = (data as { result?: { artifacts?: unknown } } | null)?.result?.artifacts;
  if (!Array.isArray(artifacts)) return false;
  let signed = false;
  for (const [i, a] of artifacts.entries()) {
    if (!isArtifactAtRest(a)) continue;
    artifacts[i] = publicArtifact(a, signUrl);
    signed = true;
  }
  return signed;
}

function envelopeOf<A>(row: JobRow, artifact: (a: StoredArtifact) => A): EnvelopeWith<A> {
  const terminal = isTerminal(row.state);
  const stored = row.result ? (JSON.parse(row.result) as StoredResult) : null;
  const expired = row.artifacts_expired === 1;
  return {
    id: row.id,
    kind: row.kind as JobEnvelope["kind"],
    state: row.state as JobEnvelope["state"],
    internalStatus: row.internal_status,
    stage: terminal ? null : row.stage,
    progress:
      terminal || row.progress_percent === null
        ? null
        : { stage: row.progress_stage ?? row.stage ?? "", percent: row.progress_percent, at: row.progress_at },
    error:
      row.error_code === null
        ? null
        : {
            code: row.error_code,
            reason: row.error_reason,
            retryable: row.error_retryable === 1,
            terminal: row.error_terminal === 1,
          },
    result:
      row.state === "succeeded" && stored
        ? { artifacts: stored.artifacts.map(artifact), durationSeconds: stored.durationSeconds }
        : null,
    cost: {
      secondsReserved: row.seconds_reserved,
      secondsCharged: row.seconds_charged,
      watermark: row.watermark === 1,
    },
    artifactsExpired: expired,
    cancellable: !terminal,
    idempotencyKey: row.idempotency_key,
    requestId: row.request_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
    pollAfterMs: terminal ? null : POLL_AFTER_MS[row.state as "queued" | "running"],
  };
}
