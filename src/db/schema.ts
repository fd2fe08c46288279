/**
 * Table types. Portable column types only (text, integer, real) so one schema serves SQLite and
 * PostgreSQL: timestamps are ISO 8601 text (24 chars, sorts correctly), booleans are 0/1 integers,
 * JSON is text, video time is whole seconds.
 */
export interface AccountsTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified: number;
  role: string;
  deletion_status: string;
  created_at: string;
  updated_at: string;
}

export interface EmailVerificationsTable {
  token_hash: string;
  account_id: string;
  expires_at: string;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  last4: string;
  secret_hash: string;
  scopes: string;
  /** 'YYYY-MM-DD' as given at creation, or null. */
  expires: string | null;
  /** End of the `expires` UTC day. */
  expires_at: string | null;
  rate_limit_per_minute: number | null;
  rate_limit_per_day: number | null;
  /** When the key stops (or stopped) working: revocation, or the end of a rotation's grace. */
  revoked_at: string | null;
  rotated_from: string | null;
  /** The Idempotency-Key of the request that created it (spec: the key is written to created records). */
  idempotency_key: string | null;
  created_at: string;
  last_used_at: string | null;
}

export interface WalletsTable {
  account_id: string;
  plan_id: string | null;
  plan_expires_at: string | null;
  plan_seconds: number;
  payg_seconds: number;
  free_seconds: number;
  reserved_seconds: number;
  updated_at: string;
}

export interface LedgerEntriesTable {
  id: string;
  account_id: string;
  type: string;
  plan_delta: number;
  payg_delta: number;
  free_delta: number;
  reserved_delta: number;
  available_after: number;
  job_id: string | null;
  plan_id: string | null;
  note: string | null;
  created_at: string;
}

export interface IdempotencyClaimsTable {
  account_id: string;
  key: string;
  operation_id: string;
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  response_location: string | null;
  locked_until: string;
  created_at: string;
  expires_at: string;
}

export interface UsageCountsTable {
  credential_id: string;
  account_id: string;
  day: string;
  operation_id: string;
  rate_class: string;
  count: number;
}

export interface JobsTable {
  id: string;
  account_id: string;
  kind: string;
  state: string;
  internal_status: string;
  stage: string | null;
  progress_stage: string | null;
  progress_percent: number | null;
  progress_at: string | null;
  error_code: string | null;
  error_reason: string | null;
  error_retryable: number | null;
  error_terminal: number | null;
  /** JSON: { artifacts, durationSeconds }. */
  result: string | null;
  seconds_reserved: number;
  seconds_charged: number | null;
  watermark: number;
  artifacts_expired: number;
  cancel_requested: number;
  attempts: number;
  /** While running: the runner renews it; a lease past due means the runner died. */
  lease_until: string | null;
  /** JSON: the job kind's own input. */
  input: string;
  idempotency_key: string | null;
  request_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  updated_at: string;
}

export interface TasksTable {
  id: string;
  queue: string;
  ref: string;
  run_at: string;
  lease_until: string | null;
  attempts: number;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  events: string;
  description: string | null;
  /** The signing secret, sealed with the vault key (AES-256-GCM). */
  secret_sealed: string;
  status: string;
  failure_streak: number;
  disabled_at: string | null;
  disabled_reason: string | null;
  last_delivery_at: string | null;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  id: string;
  account_id: string;
  type: string;
  /** The delivery body, exactly as sent (JSON text). */
  body: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  account_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: string;
  response_status: number | null;
  response_ms: number | null;
  last_error: string | null;
  /** What the log shows: an estimate, earlier than the real attempt (spec). */
  next_attempt_at: string | null;
  /** When this attempt really becomes due. */
  due_at: string;
  lease_until: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RenderTemplatesTable {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  /** The template's render options as given (JSON text of TemplateOptions). */
  options: string;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface WalkthroughCredentialsTable {
  owner_id: string;
  account_id: string;
  sealed: string;
  created_at: string;
  last_used_at: string;
  delete_after: string;
}

/** The account's brand kit (one row per account); JSON text for colors, fonts, logo and callToAction. */
export interface BrandKitsTable {
  account_id: string;
  colors: string | null;
  fonts: string | null;
  /** JSON: the logo's source asset and the kit's own copy of its file (key, bytes, sha256, …). */
  logo: string | null;
  voice_id: string | null;
  music_mood: string | null;
  caption_style: string | null;
  call_to_action: string | null;
  created_at: string;
  updated_at: string;
}

/** A marketing source (decision 0025): its id is its scan job's. Deleted: url and origin cleared, a tombstone. */
export interface MarketingSourcesTable {
  id: string;
  account_id: string;
  kind: "url" | "render";
  url: string | null;
  /** scheme://host[:port] of the requested address (the daily cap's key). */
  origin: string | null;
  render_id: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One inspection of a source (its first, or a refresh): the version it makes if it succeeds. */
export interface MarketingSourceInspectionsTable {
  job_id: string;
  source_id: string;
  account_id: string;
  version: number;
  /** Counted by the per-origin daily cap; null for render sources (no site visited). */
  origin: string | null;
  /** Hash of the request that made it, for a replay after its Idempotency-Key claim expired. */
  request_hash: string | null;
  created_at: string;
}

/** A holder (a project) keeping a source version's files: its job's expires_at is null while pinned. */
export interface SourceVersionPinsTable {
  source_id: string;
  version: number;
  holder_kind: string;
  holder_id: string;
  created_at: string;
}

/** A generation (its job has the same id): what it reads, for listing and replays. */
export interface MarketingGenerationsTable {
  job_id: string;
  account_id: string;
  source_id: string;
  source_version: number;
  template_id: string;
  /** Hash of the request that made it, for a replay after its Idempotency-Key claim expired. */
  request_hash: string | null;
  created_at: string;
}

/** A marketing project: made from a succeeded generation, pinning its source version. */
export interface MarketingProjectsTable {
  id: string;
  account_id: string;
  generation_id: string;
  source_id: string;
  source_version: number;
  template_id: string;
  name: string;
  description: string | null;
  /** The highest revision number (revisions are 1…latest, none ever removed). */
  latest_revision: number;
  created_at: string;
  updated_at: string;
}

/** One numbered revision of a project: `origin` and `document` are JSON text. */
export interface MarketingRevisionsTable {
  project_id: string;
  number: number;
  origin: string;
  document: string;
  created_at: string;
}

/** An export (its job has the same id): what it renders and reads, for the one-at-a-time rules. */
export interface MarketingExportsTable {
  job_id: string;
  account_id: string;
  project_id: string;
  revision: number;
  format: string;
  source_id: string;
  created_at: string;
}

/** Decision 0039. `status` open | closed; at most one open conversation per account. */
export interface AssistantConversationsTable {
  id: string;
  account_id: string;
  status: string;
  /** `closed_by_person` or `handed_off`; null while open. */
  closed_reason: string | null;
  message_count: number;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface AssistantMessagesTable {
  id: string;
  conversation_id: string;
  account_id: string;
  /** `user` or `assistant`. */
  role: string;
  text: string;
  /** An answer's kind (`answered`, `account`, `unknown`, `declined`); null for a question. */
  outcome: string | null;
  /** JSON array of citations. */
  citations: string;
  handoff_offered: number;
  created_at: string;
}

export interface AssistantHandoffsTable {
  id: string;
  account_id: string;
  conversation_id: string;
  to_address: string;
  /** `smtp` or `outbox`. */
  delivered_via: string;
  note: string | null;
  created_at: string;
}

export interface Database {
  accounts: AccountsTable;
  email_verifications: EmailVerificationsTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  wallets: WalletsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_claims: IdempotencyClaimsTable;
  usage_counts: UsageCountsTable;
  jobs: JobsTable;
  tasks: TasksTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  render_templates: RenderTemplatesTable;
  walkthrough_credentials: WalkthroughCredentialsTable;
  marketing_sources: MarketingSourcesTable;
  marketing_source_inspections: MarketingSourceInspectionsTable;
  source_version_pins: SourceVersionPinsTable;
  brand_kits: BrandKitsTable;
  marketing_generations: MarketingGenerationsTable;
  marketing_projects: MarketingProjectsTable;
  marketing_revisions: MarketingRevisionsTable;
  marketing_exports: MarketingExportsTable;
  assistant_conversations: AssistantConversationsTable;
  assistant_messages: AssistantMessagesTable;
  assistant_handoffs: AssistantHandoffsTable;
}
