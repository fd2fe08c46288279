import { type AskerContext, accountFacts } from "./account-state/facts.js";
import { accountQuestionOf } from "./account-state/intent.js";
import { answerFromDocs, type DraftAnswer, sectionsAbout } from "./knowledge/answer-from-docs.js";
import type { KnowledgeIndex } from "./knowledge/search-index.js";

/**
 * The assistant's reply to a question: from the asker's own account when the question is about it
 * ("why did my render fail?"), citing the docs that say what to do; otherwise from the documentation.
 */
export async function composeReply(ctx: AskerContext, index: KnowledgeIndex, question: string): Promise<DraftAnswer> {
  const docsUrl = ctx.deps.config.assistant.docsUrl;
  const asked = accountQuestionOf(question);
  if (asked) {
    return {
      outcome: "account",
      text: await accountFacts(ctx, asked),
      citations: sectionsAbout(index, question, docsUrl),
      handoffOffered: false,
    };
  }
  return answerFromDocs(index, question, docsUrl);
}
