import type { CampaignDocument, RevisionOperation } from "../../../pipelines/marketing/campaign/document.js";

/**
 * Keeps the working document's settings in step with the operations a sentence has produced so far, so
 * a relative request reads what the earlier clauses set ("make it 15 seconds, then shorter" → 10). Only
 * the settings a rule steps from are kept; the full apply (with its checks) belongs to the revision step.
 */
export function track(doc: CampaignDocument, op: RevisionOperation): void {
  switch (op.op) {
    case "set_length":
      doc.export.seconds = op.seconds;
      return;
    case "set_speed":
      doc.sound.speed = op.speed;
      return;
    case "set_orientation":
      doc.export.orientation = op.orientation;
      return;
    case "set_audio_mode":
      doc.sound.audioMode = op.audioMode;
      return;
    case "set_voice":
      doc.sound.voiceId = op.voiceId;
      return;
    case "set_music":
      if (op.mood !== undefined) doc.sound.music.mood = op.mood;
      if (op.volume !== undefined) doc.sound.music.volume = op.volume;
      return;
    case "set_logo":
      if (op.scale !== undefined) doc.style.logo.scale = op.scale;
      if (op.hidden !== undefined) doc.style.logo.hidden = op.hidden;
      return;
    case "set_palette":
      doc.style.palette[op.role] = op.hex;
      return;
    default:
      return;
  }
}
