import { checkContent } from "../../src/domains/marketing/revision/check.js";
import { checkTiming, ESTIMATED_SPEECH } from "../../src/domains/marketing/revision/checks/timing.js";
import type { RevisionRules } from "../../src/domains/marketing/revision/context.js";
import type { CampaignDocument } from "../../src/pipelines/marketing/campaign/document.js";

/** Every rule a stored revision meets, in write-revision.ts's order, with the narration estimated from its words. */
export function checkDocument(document: CampaignDocument, rules: RevisionRules): void {
  checkContent(document, rules);
  checkTiming(document, ESTIMATED_SPEECH);
}
