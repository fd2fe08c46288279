import { isTitleCase } from "./casing.js";
import { ACTION_VERBS } from "./choose-cta.js";
import { capitalised, clauseCut, type LineContext, type LineVersions, placeOf, said } from "./line-kit.js";

/**
 * The closing lines: a customer's words with who said them ("Don't just take our word for it. Dana Reyes
 * from Harbor Freightways says: “…”"), a figure the site states ("The numbers back it up: 40% faster
 * onboarding on average."), and the call to action, which says the site's own button words and where to
 * go ("So go ahead and start your free trial at tidewell.example."), after the question that closes the
 * site's page when it has one.
 */

export function quoteLine(ctx: LineContext): LineVersions {
  const speaker = ctx.speech.speaker;
  const sentences = ctx.speech.sentences;
  if (!speaker || sentences.length === 0) return [];
  const who = speaker.company
    ? `${speaker.name} from ${speaker.company}`
    : speaker.role
      ? `${speaker.name}, ${speaker.role},`
      : speaker.name;
  const first = placeOf(ctx).nth === 0;
  const frames = first
    ? [`Don't just take our word for it. ${who} says:`, `Here's what ${who} says:`, `Listen to ${who}:`]
    : [`And here's ${who}:`, `As ${who} puts it:`, `${who} says:`];
  const frame = ctx.openers.choose(frames, (f) => f);
  const quoted = (words: string, f = frame) => `${f} “${words}”`;
  const versions: LineVersions = [];
  for (let n = sentences.length; n >= 1; n--) versions.push([quoted(sentences.slice(0, n).join(" "))]);
  // Shorter still: the speaker named plainly, then the quote's first clause (marked as cut).
  const plain = `${who.replace(/,$/u, "")} says:`;
  if (plain !== frame) versions.push([quoted(sentences[0] as string, plain)]);
  const cut = clauseCut(sentences[0] as string);
  if (cut) versions.push([quoted(`${cut.replace(/[.!?]$/u, "")}…`, plain)]);
  return versions;
}

export function proofLine(ctx: LineContext): LineVersions {
  const sentence = ctx.speech.sentences[0];
  if (!sentence) return [];
  // A case study's heading is its customer's name ("Harbor Freightways"); a feature's name is not said here.
  const title = ctx.speech.title && isTitleCase(ctx.speech.title) ? ctx.speech.title : null;
  const frames = title
    ? [`Take ${title}:`, `Just look at ${title}:`]
    : ["The numbers back it up:", "And the results show it:", "Here's the difference it makes:"];
  const frame = ctx.openers.choose(frames, (f) => f);
  const stated = said(ctx, sentence);
  return [[`${frame} ${ctx.casing.inSentence(stated)}`]];
}

export function ctaLine(ctx: LineContext): LineVersions {
  const host = ctx.speech.host ?? null;
  const button = (ctx.scene.cta?.text ?? "").trim().replace(/[.!]+$/u, "");
  const own = ctx.speech.fallback !== true;
  const asks = ACTION_VERBS.test(button) && !/\b(?:me|my|i)\b/iu.test(button);
  const verb = ctx.casing.inSentence(ctx.casing.sentenceCase(button));
  const actions = asks && own ? askingLines(verb, host) : findOutLines(ctx.brand, host);
  const { title, sentences } = ctx.speech;
  const question = title?.trim().endsWith("?") ? ctx.casing.sentenceCase(title.trim()) : null;
  const content = sentences.map((s) => said(ctx, s));
  const lead = question ?? content[0] ?? null;
  const action = ctx.openers.choose(actions, (a) => (lead ? lead : a));
  const versions: LineVersions = [];
  if (question && content.length) versions.push([question, ...content, action]);
  if (lead) versions.push([lead, action]);
  const cut = lead && !question ? clauseCut(lead) : null;
  if (cut) versions.push([cut, action]);
  versions.push([action]);
  // The button's words and the address alone.
  if (asks && own) versions.push([host ? `${capitalised(verb)} at ${host}.` : `${capitalised(verb)}.`]);
  return versions;
}

/** The site's own button words said with where to go; without an address a listener could type, just the ask. */
function askingLines(verb: string, host: string | null): string[] {
  if (!host) return [`So go ahead and ${verb}.`, `Why wait? ${capitalised(verb)} today.`];
  return [
    `So go ahead and ${verb} at ${host}.`,
    `Why wait? ${capitalised(verb)} at ${host}.`,
    `Just head to ${host} and ${verb}.`,
  ];
}

function findOutLines(brand: string | null, host: string | null): string[] {
  if (!host) return brand ? [`Find out more about ${brand}.`, `See what ${brand} can do for you.`] : ["Find out more."];
  return brand && brand.toLowerCase() !== host.toLowerCase()
    ? [`Find out more about ${brand} at ${host}.`, `Head to ${host} to find out more.`]
    : [`Find out more at ${host}.`, `Head to ${host} to find out more.`];
}
