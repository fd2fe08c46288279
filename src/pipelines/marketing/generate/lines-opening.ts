import {
  capitalised,
  clauseCut,
  type LineContext,
  type LineVersions,
  literal,
  placeOf,
  said,
  withContent,
} from "./line-kit.js";

/**
 * The presenter's opening lines. The hook says the site's headline as it stands ("Onboard every customer
 * in days, not weeks."), naming the brand when no reveal will. The problem says the site's question or
 * pain. The reveal introduces the brand ("That's where Tidewell comes in.") and says what it does in the
 * site's words, its name turned into "it" when the sentence starts with it.
 */

const sameText = (a: string, b: string) =>
  a
    .trim()
    .toLowerCase()
    .replace(/[.!?]+$/u, "") === b.trim().toLowerCase();

export function hookLine(ctx: LineContext): LineVersions {
  const headline = ctx.speech.sentences[0] ?? ctx.scene.headline ?? "";
  const brand = ctx.brand;
  if (brand && sameText(headline, brand)) return [[`This is ${brand}.`]];
  const line = said(ctx, headline);
  const revealLater = ctx.kinds.includes("reveal");
  const named = brand !== null && new RegExp(literal(brand), "iu").test(headline);
  // With no reveal to come, the hook names the brand: the one line that does.
  if (brand && !revealLater && !named) return [[line, `This is ${brand}.`]];
  return [[line]];
}

export function problemLine(ctx: LineContext): LineVersions {
  const { title, sentences } = ctx.speech;
  const content = sentences.map((s) => said(ctx, s));
  if (title?.trim().endsWith("?")) return withContent([ctx.casing.sentenceCase(title.trim())], content);
  const [first, ...rest] = content;
  if (!first) return [];
  // The opening scene (the headline, when the template has no hook) opens as a hook does.
  if (ctx.index === 0) return hookLine(ctx);
  if (first.endsWith("?")) return withContent([], content);
  const frame = ctx.openers.choose(["Here's the thing:", "Think about it:", "Here's the challenge:"], (f) => f);
  const framed = (s: string) => `${frame} ${ctx.casing.inSentence(s)}`;
  const cut = clauseCut(first);
  return [...(rest.length ? [[framed(first), ...rest]] : []), [framed(first)], ...(cut ? [[framed(cut)]] : [])];
}

export function revealLine(ctx: LineContext): LineVersions {
  const brand = ctx.brand;
  const content = ctx.speech.sentences.map((s) => said(ctx, s));
  const footage = ctx.scene.visual.type === "footage";
  if (!brand) {
    const intro = footage ? "Here it is in action." : ctx.openers.choose(["Here's the idea.", "Put simply:"], (f) => f);
    if (intro.endsWith(":") && content[0]) {
      const [first, ...rest] = content;
      return withContent([`${intro} ${ctx.casing.inSentence(first)}`], rest);
    }
    return withContent([intro], content);
  }
  // "That's where … comes in" answers a problem, not a headline standing in the problem's place.
  const afterProblem = placeOf(ctx).previous === "problem" && ctx.prior?.opening !== true;
  const options = footage
    ? [`Here's ${brand} in action.`, `Let's see ${brand} in action.`, `Watch ${brand} at work.`]
    : ctx.brandSaid
      ? // "how it helps" answers a problem; after a hook that only named the brand there is nothing to help with.
        afterProblem
        ? ["Here's how it helps.", "Here's the idea."]
        : ["Here's the idea.", "Put simply:"]
      : afterProblem
        ? [`That's where ${brand} comes in.`, `Meet ${brand}.`, `Say hello to ${brand}.`]
        : [`Meet ${brand}.`, `Say hello to ${brand}.`, `This is ${brand}.`, `Introducing ${brand}.`];
  const [first, ...rest] = content;
  // "Put simply:" leads into the site's sentence; with none to say, only a whole sentence will do.
  const intro = ctx.openers.choose(first ? options : options.filter((o) => !o.endsWith(":")), (o) => o);
  if (!first) return [[intro]];
  // "Tidewell turns your plan …" after "Meet Tidewell." → "It turns your plan …" (only after a line naming it).
  const subject = new RegExp(`^${literal(brand)}\\s+(?=\\p{Ll})`, "u");
  if (subject.test(first) && intro.includes(brand))
    return withContent([intro], [capitalised(first.replace(subject, "it ")), ...rest]);
  if (intro.endsWith(":")) return withContent([`${intro} ${ctx.casing.inSentence(first)}`], rest);
  // "A free, responsive theme …": a description joins the introduction after a colon.
  if (/^(?:A|An|The|One|Your|Our)\s/u.test(first) && intro.endsWith(".")) {
    const joined = `${intro.slice(0, -1)}: ${ctx.casing.inSentence(first)}`;
    return withContent([joined], rest).concat([[intro]]);
  }
  return withContent([intro], content);
}
