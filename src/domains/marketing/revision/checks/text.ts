import type { AudioMode, CampaignDocument } from "../../../../pipelines/marketing/campaign/document.js";
import { refuse, scenePath } from "../refusal.js";

/** Tags (HTML, SSML, comments) and character entities: the texts are plain, and the voice reads them literally. */
const MARKUP = /<\/?[A-Za-z!?][^>]*>|&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);/;
/**
 * An address with a scheme, or one starting "www.": read out it is noise. A bare domain ("acme.com") is
 * how a presenter says where to go, and stays.
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.[a-z0-9-]/i;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

export const VOICED: readonly AudioMode[] = ["voice_and_music", "voice_only"];

/**
 * The texts' content (their caps are the schema's). The cover text (`invalid_cover_text`) is one line of
 * plain words: not blank, no line break, no markup. Narration (`invalid_campaign_narration`) is plain
 * speech: no markup, no address with a scheme; a visible scene's is not blank when the audio mode speaks.
 * Copy that is present is not blank, and a call to action's address is http(s) (`invalid_revision`).
 */
export function checkText(doc: CampaignDocument): void {
  const cover = doc.story.coverText;
  if (cover.trim() === "") refuse("invalid_cover_text", "/story/coverText", "is empty");
  if (LINE_BREAK.test(cover)) refuse("invalid_cover_text", "/story/coverText", "holds a line break");
  if (MARKUP.test(cover)) refuse("invalid_cover_text", "/story/coverText", "holds markup");
  doc.story.scenes.forEach((scene, i) => {
    const copy: [string, string | undefined][] = [
      ["headline", scene.headline ?? undefined],
      ["body", scene.body ?? undefined],
      ["cta/text", scene.cta?.text],
      ["quote/text", scene.quote?.text],
      ["quote/author", scene.quote?.author],
    ];
    for (const [field, text] of copy) {
      if (text !== undefined && text.trim() === "") refuse("invalid_revision", scenePath(i, field), "is blank");
    }
    if (scene.cta && !isWebAddress(scene.cta.url)) {
      refuse("invalid_revision", scenePath(i, "cta", "url"), "must be an http or https address");
    }
  });
  const voiced = VOICED.includes(doc.sound.audioMode);
  doc.story.scenes.forEach((scene, i) => {
    const path = scenePath(i, "narration");
    if (MARKUP.test(scene.narration)) refuse("invalid_campaign_narration", path, "holds markup");
    if (URL_IN_TEXT.test(scene.narration)) refuse("invalid_campaign_narration", path, "holds a web address");
    if (voiced && !scene.hidden && scene.narration.trim() === "") {
      refuse("invalid_campaign_narration", path, "is empty on a visible scene, and the audio mode has a voice");
    }
  });
}

function isWebAddress(url: string): boolean {
  if (url.trim() !== url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}
