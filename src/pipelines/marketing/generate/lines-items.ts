import { clauseCut, type LineContext, type LineVersions, placeOf, said, withContent } from "./line-kit.js";
import { endsSentence } from "./sentences.js";

/**
 * Lines for features and steps (and a plan or a question, should a template show one). A feature is
 * introduced by its name in a frame that suits what the name is: a thing ("It starts with shared
 * checklists."), a quality ("It's fully responsive."), an action ("You can go live in an afternoon."), or
 * a sentence of its own, said as it is; then the site's text follows. Steps are counted off ("First,
 * import your plan.", "Then, …", "Finally, …"), the first after "Here's how it works.".
 */

/** Verbs a feature or step name starts with when it tells the viewer what to do. */
const IMPERATIVE =
  /^(?:add|automate|book|build|choose|connect|create|customi[sz]e|deploy|design|download|find|get|give|go|import|install|invite|keep|launch|let|make|manage|measure|meet|move|open|organi[sz]e|pick|plan|publish|record|review|run|save|schedule|see|send|set|share|sign|start|stay|sync|take|track|try|turn|upload|use|watch|write)\b/iu;
/** A name that describes rather than names: "Fully Responsive", "Easy to Use", "Bootstrap 5 Ready". */
const QUALITY =
  /^\p{L}+ly\b|\b(?:to|for)\s+\p{L}+$|(?:ive|ble|ful|less|ous|ic|ready|easy|fast|simple|secure|friendly|ed)$/iu;

type NameKind = "sentence" | "quality" | "action" | "thing";

function nameKind(title: string): NameKind {
  const t = title.trim();
  if (endsSentence(t) || t.split(/\s+/).length >= 7) return "sentence";
  if (IMPERATIVE.test(t)) return "action";
  return QUALITY.test(t) ? "quality" : "thing";
}

export function featureLine(ctx: LineContext): LineVersions {
  const { title, sentences } = ctx.speech;
  const content = sentences.map((s) => said(ctx, s));
  const { nth, of } = placeOf(ctx);
  const last = of > 1 && nth === of - 1;
  if (!title) {
    const first = content[0];
    if (!first) return [];
    const frame = ctx.openers.choose(
      last ? ["And finally,", "Last but not least,", "Plus,"] : ["On top of that,", "What's more,", "Plus,", "Also,"],
      (f) => f,
    );
    const framed = (s: string) => `${frame} ${ctx.casing.inSentence(s)}`;
    const cut = clauseCut(first);
    return [
      ...(content.length > 1 ? [[framed(first), ...content.slice(1)]] : []),
      [framed(first)],
      ...(cut ? [[framed(cut)]] : []),
    ];
  }
  const name = ctx.casing.inSentence(title.trim());
  const kind = nameKind(title);
  const frames: Record<NameKind, string[]> = {
    sentence: [said(ctx, title)],
    quality: last ? [`And finally, it's ${name}.`] : [`It's ${name}.`, `Plus, it's ${name}.`, `And it's ${name}.`],
    action: [`You can ${name}.`, `Plus, you can ${name}.`, `And you can ${name}.`],
    thing:
      of === 1
        ? [`Let's look at ${name}.`, `Take a look at ${name}.`]
        : nth === 0
          ? [`It starts with ${name}.`, `First, there's ${name}.`]
          : last
            ? [`And finally, there's ${name}.`, `Last but not least, there's ${name}.`]
            : [
                `Then there's ${name}.`,
                `You also get ${name}.`,
                `There's ${name}, too.`,
                `On top of that, there's ${name}.`,
              ],
  };
  const frame = ctx.openers.choose(frames[kind], (f) => f);
  return withContent([frame], content);
}

export function stepLine(ctx: LineContext): LineVersions {
  const { title, sentences } = ctx.speech;
  const content = sentences.map((s) => said(ctx, s));
  const { nth, of, previous } = placeOf(ctx);
  const ordinals =
    nth === 0
      ? ["First,"]
      : of > 1 && nth === of - 1
        ? ["Finally,", "And finally,"]
        : ["Then,", "Next,", "After that,"];
  const ordinal = ctx.openers.choose(ordinals, (o) => o);
  const preface = nth === 0 && previous !== "step" ? ["Here's how it works."] : [];
  if (title) {
    const step = `${ordinal} ${ctx.casing.inSentence(title.trim().replace(/[.!]+$/u, ""))}.`;
    return [...withContent([...preface, step], content), ...withContent([step], content.slice(0, 1))].filter(
      (v, i, all) => all.findIndex((w) => w.join(" ") === v.join(" ")) === i,
    );
  }
  const [first, ...rest] = content;
  if (!first) return [];
  const step = `${ordinal} ${ctx.casing.inSentence(first)}`;
  const cut = clauseCut(first);
  return [
    ...(rest.length ? [[...preface, step, ...rest]] : []),
    [...preface, step],
    [step],
    ...(cut ? [[`${ordinal} ${ctx.casing.inSentence(cut)}`]] : []),
  ];
}

export function pricingLine(ctx: LineContext): LineVersions {
  const [price, ...items] = ctx.speech.sentences;
  const plan = ctx.speech.title;
  if (!price) return [];
  const opening = plan && !price.startsWith(plan) ? `The ${plan} plan is ${price}` : said(ctx, price);
  return withContent([said(ctx, opening)], items);
}

export function faqLine(ctx: LineContext): LineVersions {
  const question = ctx.speech.title;
  const content = ctx.speech.sentences.map((s) => said(ctx, s));
  return withContent(question ? [question.trim()] : [], content);
}
