import type { Details } from "./failure";
import type { ErrorCode } from "./openapi-types";

/**
 * The marketing pages' refusals as sentences (spread into the table of refusals.ts). Details are read as
 * text only: a source's address, a field's name, never markup.
 */
type Sentence = (d: Details) => string;

const text = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");
const list = (v: unknown): string => (Array.isArray(v) ? v.map(text).filter(Boolean).join(", ") : "");
const RELOAD = "Reload the page to see the latest state.";

export const MARKETING_SENTENCES = {
  brand_kit_required: () =>
    "Your brand kit has no colours yet. Add them on the brand kit page, or use the website's own look.",
  brand_logo_not_retained: () =>
    "That logo's file is no longer kept (the source version expired). Refresh the source, then choose the logo again.",
  brand_logo_source_mismatch: () => "That logo is not a picture of the chosen source version. Choose it again.",
  budget_exhausted: () => "You have started as many generations as one day allows. Try again tomorrow (UTC).",
  campaign_copy_overflow: (d) =>
    `The new text does not fit its scene (${text(d.field) || "a text field"}: ${text(d.lines)} lines where ${text(d.maxLines)} fit). Say it in fewer words.`,
  campaign_logo_aspect_unsupported: () =>
    "The logo's shape does not fit this layout. Hide the logo or use another one.",
  campaign_speed_breaks_music_ending: () =>
    "At that speed the music would not end with the video. Choose another speed or length.",
  campaign_speed_breaks_narration_fit: () =>
    "At that speed the narration would not fit its scenes. Choose another speed, or shorten the narration.",
  campaign_speed_not_offered: (d) => `This template is not offered at that speed. Choose one of: ${list(d.offered)}.`,
  campaign_unsupported_claim: () =>
    "The new text states a number, price or promise the website does not. Only claims found on the site can be used.",
  campaign_visuals_insufficient: () =>
    "The website has too few pictures and too little text for this template. Choose a shorter template or scan more pages.",
  description_invalid: () => "The description is too long or holds characters that cannot be used.",
  edit_not_understood: (d) =>
    text(d.unparsed)
      ? `Nothing was changed: this part was not understood: “${text(d.unparsed)}”.`
      : "Nothing was changed: the sentence was not understood.",
  expected_revision_required: () => `The page did not say which revision it edits. ${RELOAD}`,
  export_in_flight: () =>
    "This revision is already being exported in that format. Wait for that export to finish, or cancel it.",
  generation_busy: () => "This generation is still running; it can be retried once it has stopped.",
  generation_idempotency_conflict: () => "This request was already used for another generation. Reload and try again.",
  generation_not_found: () => "This generation does not exist, or it belongs to another account.",
  generation_not_retryable: () => "This generation cannot be retried: its problem would happen again. Start a new one.",
  invalid_brand_kit: () => "Some of the brand kit cannot be accepted:",
  invalid_campaign_narration: () => "The narration cannot be spoken as written. Use plain sentences.",
  invalid_cover_text: () => "The cover text cannot be used: keep it to one short line of plain text.",
  invalid_revision: () => "That change would make a revision the service cannot use.",
  missing_required_footage: () =>
    "This template shows the product in use: it needs a stretch of a walkthrough render. Choose one, or pick another template.",
  name_invalid: () => "Give the project a name of 1 to 100 characters, without control characters.",
  no_revision: () => "This project has no revision to work from.",
  not_finished: () => "This has not finished yet. Wait until it has succeeded.",
  origin_daily_cap: (d) =>
    `This website (${text(d.origin)}) has been scanned as often as one day allows. Try again tomorrow (UTC).`,
  project_not_found: () => "This project does not exist, or it belongs to another account.",
  reservation_failed: () => "The video time for this could not be set aside. Try again in a moment.",
  revision_configuration_mismatch: () => "That change does not suit this project's template or source.",
  revision_conflict: (d) =>
    `The project changed in the meantime (it is now at revision ${text(d.currentRevision) || "a newer one"}). ${RELOAD}`,
  settings_invalid: () => "These settings cannot be used together.",
  source_deleted: () => "This source has been deleted.",
  source_expired: () => "This source's files are no longer kept. Scan the website again.",
  source_export_in_flight: () =>
    "An export from this source is running. Wait for it to finish, then delete the source.",
  source_idempotency_conflict: () => "This request was already used for another source. Reload and try again.",
  source_inspection_busy: () => "This source is being scanned right now. Wait for the scan to finish.",
  source_inspection_stopping: () => "This source's scan is stopping. Try again in a few seconds.",
  source_kind_mismatch: () => "A source made from a walkthrough render cannot be refreshed.",
  source_not_found: () => "This source does not exist, or it belongs to another account.",
  source_not_ready: () => "This source has no finished scan yet. Wait for its scan to succeed.",
  source_refresh_url_mismatch: () => "A refresh scans the source's own address; a new address is a new source.",
  source_render_not_found: () => "That walkthrough render does not exist, or it has not succeeded.",
  source_unreadable: () => "This source version cannot be read. Refresh the source, then try again.",
  source_version_expired: (d) =>
    `That version's files are no longer kept. Versions still kept: ${list(d.retainedVersions) || "none"}.`,
  source_version_mismatch: (d) =>
    `The source has a newer version (${text(d.latestVersion)}) than this page showed. ${RELOAD}`,
  source_version_not_found: () => "That version of the source does not exist.",
  unknown_template: () => "That template does not exist. Choose one from the list.",
  unsupported_audio_mode: () => "That sound setting is not offered. Choose one from the list.",
  unsupported_duration: (d) =>
    `This template is not offered in that length. Choose one of: ${list(d.offered)} seconds.`,
  unsupported_export: () => "This project cannot be exported in that orientation. Choose one its template offers.",
  unsupported_format: () => "That file format is not offered. Choose MP4, WebM or GIF.",
  website_demo_invalid: () =>
    "The walkthrough stretch cannot be used: check the render and that its start comes before its end.",
} satisfies Partial<Record<ErrorCode, Sentence>>;
