import type { CampaignDocument } from "../../../pipelines/marketing/campaign/document.js";
import { checkCatalogue } from "./checks/catalogue.js";
import { checkClaims } from "./checks/claims.js";
import { checkPalette } from "./checks/palette.js";
import { checkSourceReferences } from "./checks/source.js";
import { checkSceneSeconds, checkStructure, checkTemplate } from "./checks/structure.js";
import { checkText } from "./checks/text.js";
import type { RevisionRules } from "./context.js";
import { readDocument } from "./read-document.js";

/**
 * Everything a stored revision satisfies, however it was made, is this and then the timing the speed
 * sets (checks/timing.ts: narration fit, music ending), which every other field feeds; write-revision.ts
 * runs both, measuring the narration with the voice in between. Throws the first refusal as an ApiError
 * whose details name its path, and nothing is stored. Copy overflow, measured in Chromium, comes after.
 *
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
