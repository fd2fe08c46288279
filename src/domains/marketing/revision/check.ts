import type { CampaignDocument } from "../../../pipelines/marketing/campaign/document.js";
import { checkCatalogue } from "./checks/catalogue.js";
import { checkClaims } from "./checks/claims.js";
import { checkPalette } from "./checks/palette.js";
import { checkSourceReferences } from "./checks/source.js";
import { checkSceneSeconds, checkStructure, checkTemplate } from "./checks/structure.js";
import { checkText } from "./checks/text.js";
import { checkTiming, ESTIMATED_SPEECH, type NarrationSpeech } from "./checks/timing.js";
import type { RevisionRules } from "./context.js";
import { readDocument } from "./read-document.js";

/**
 * Everything a stored revision satisfies, however it was made (a generation, a whole document, operations,
 * a sentence edit, a revert): throws the first refusal as an ApiError whose details name its path, and
 * nothing is stored. The order puts first what the rest depends on, so the refusal a client sees is the
 * one to fix first: checkContent's, then the timing the speed sets (narration fit, music ending), which
 * every other field feeds. `speech` is the narration as the document's voice says it; without it the
 * narration's length is estimated from its words. Copy overflow, measured in Chromium, is checked after this.
 */
export function checkDocument(
  document: CampaignDocument,
  rules: RevisionRules,
  speech: NarrationSpeech = ESTIMATED_SPEECH,
): void {
  checkContent(document, rules);
  checkTiming(document, speech);
}

/**
 * Every check but the timing, in order: the shape; scene ids and a visible scene; the template's offers
 * (kinds, orientation, length, speed, logo scale); the scenes adding up to the length; catalogue ids; what
 * is taken from the source; contrast; the texts' content; claims. A document that passes is worth hearing:
 * the operations measure its narration with the voice only then.
 */
export function checkContent(document: CampaignDocument, rules: RevisionRules): void {
  readDocument(document);
  checkStructure(document);
  checkTemplate(document, rules);
  checkSceneSeconds(document);
  checkCatalogue(document, rules);
  checkSourceReferences(document, rules.source);
  checkPalette(document);
  checkText(document);
  checkClaims(document, rules.source.claims);
}
