import type { FittedText, SceneFitArg, SceneFitResult, SceneSprite } from "./scene-fit-types.js";

/**
 * Draws a scene into the scene page's shell and fits its text: each text element (`data-fit`) steps
 * down from its preferred size (`data-max`) to its minimum (`data-min`) until it holds in `data-lines`
 * lines with no word past its width (first trying for its preferred lines, `data-prefer`: a button
 * would rather be smaller on one line than larger on two). Then, while anything runs out of the safe
 * area (`data-region`), the element furthest above its minimum steps down again: first with the region
 * roomy (class `roomy`: the stylesheets give the visual a good height, the logo its scale, marks and
 * numbers their full size), then, if the words are all at their minimum, compact. What still does not
 * fit is reported with how
 * far it runs over. The fonts stay in the page between scenes (keyed), so a measure after the first
 * sends only the markup.
 */

interface Fitting {
  el: HTMLElement;
  field: string;
  max: number;
  min: number;
  maxLines: number;
  prefer: number;
  size: number;
}

function numberOf(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function setSize(t: Fitting, size: number): void {
  t.size = size;
  t.el.style.fontSize = `${size}px`;
}

/** Lines the element's text takes, and how far (px) its text runs past the element's sides. */
function measure(t: Fitting): { lines: number; lineHeight: number; overflowX: number } {
  const style = getComputedStyle(t.el);
  const lineHeight = Number.parseFloat(style.lineHeight) || t.size * 1.2;
  const box = t.el.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(t.el);
  const text = range.getBoundingClientRect();
  const overflowX = text.width > 0 ? Math.max(0, text.right - box.right, box.left - text.left) : 0;
  return { lines: Math.max(1, Math.round(box.height / lineHeight)), lineHeight, overflowX };
}

function holds(t: Fitting, lines: number): boolean {
  const m = measure(t);
  return m.lines <= lines && m.overflowX < 1;
}

/** The largest size, stepping down from the preferred one, at which the element holds in `lines`. */
function stepDown(t: Fitting, lines: number, step: number): boolean {
  setSize(t, t.max);
  while (t.size > t.min && !holds(t, lines)) setSize(t, Math.max(t.min, t.size - step));
  return holds(t, lines);
}

/** Steps the roomiest text of the region down until nothing runs out of it or every text is at its minimum. */
function fitRegion(region: Element, texts: readonly Fitting[], step: number): void {
  while (regionExcess(region) > 0.5) {
    const roomiest = texts
      .filter((t) => t.size > t.min)
      .sort((a, b) => b.size / b.min - a.size / a.min || b.size - a.size)[0];
    if (!roomiest) return;
    setSize(roomiest, Math.max(roomiest.min, roomiest.size - step));
  }
}

/** How far (px) any sprite inside the region runs past it; 0 when everything is inside. */
function regionExcess(region: Element): number {
  const r = region.getBoundingClientRect();
  let excess = 0;
  for (const el of region.querySelectorAll("[data-sprite]")) {
    const b = el.getBoundingClientRect();
    if (b.width === 0 && b.height === 0) continue;
    excess = Math.max(excess, b.bottom - r.bottom, r.top - b.top, b.right - r.right, r.left - b.left);
  }
  return excess;
}

function spritesOf(root: Element): SceneSprite[] {
  const sprites: SceneSprite[] = [];
  for (const el of root.querySelectorAll<HTMLElement>("[data-sprite]")) {
    const b = el.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) continue;
    const x = Math.floor(b.left);
    const y = Math.floor(b.top);
    sprites.push({
      name: el.dataset.sprite ?? "",
      x,
      y,
      width: Math.ceil(b.right) - x,
      height: Math.ceil(b.bottom) - y,
    });
  }
  return sprites;
}

export default async function fitScene(arg: SceneFitArg): Promise<SceneFitResult> {
  const fonts = document.getElementById("cw-fonts");
  const style = document.getElementById("cw-style");
  const root = document.getElementById("cw-root");
  if (!fonts || !style || !root) return { state: "needShell" };
  if (fonts.dataset.key !== arg.fontsKey) {
    if (arg.fontsCss === null) return { state: "needFonts" };
    fonts.textContent = arg.fontsCss;
    fonts.dataset.key = arg.fontsKey;
  }
  if (style.textContent !== arg.css) style.textContent = arg.css;
  root.innerHTML = arg.html;

  const failed: string[] = [];
  await Promise.all(
    arg.faces.map(async (face) => {
      const loaded = await document.fonts.load(`${face}`).catch(() => []);
      if (loaded.length === 0) failed.push(face);
    }),
  );
  if (failed.length > 0) return { state: "fontsFailed", faces: failed };
  if (arg.images)
    await Promise.all([...root.querySelectorAll("img")].map((img) => img.decode().catch(() => undefined)));

  const texts: Fitting[] = [...root.querySelectorAll<HTMLElement>("[data-fit]")].map((el) => {
    const max = numberOf(el.dataset.max, 40);
    const maxLines = numberOf(el.dataset.lines, 1);
    return {
      el,
      field: el.dataset.field ?? "",
      max,
      min: Math.min(max, numberOf(el.dataset.min, max)),
      maxLines,
      prefer: Math.min(maxLines, numberOf(el.dataset.prefer, maxLines)),
      size: max,
    };
  });
  // Each text is fitted to its width in the roomy layout (decorations take width too); compact, every
  // text has at least that width, so it still holds.
  const region = root.querySelector("[data-region]");
  region?.classList.add("roomy");
  for (const t of texts) {
    if (t.prefer < t.maxLines && stepDown(t, t.prefer, arg.step)) continue;
    stepDown(t, t.maxLines, arg.step);
  }

  const inRegion = region ? texts.filter((t) => region.contains(t.el)) : [];
  if (region) {
    fitRegion(region, inRegion, arg.step);
    if (regionExcess(region) > 0.5) {
      region.classList.remove("roomy");
      fitRegion(region, inRegion, arg.step);
    }
  }

  // Past the safe area with every text at its minimum: a text whose own box is out runs over by that
  // much; else what is out was pushed there, and the tallest text in the region is said to run over.
  const excess = region ? Math.max(0, regionExcess(region)) : 0;
  const safe = region?.getBoundingClientRect();
  const outBy = (t: Fitting) => {
    if (!safe) return 0;
    const b = t.el.getBoundingClientRect();
    return Math.max(0, b.bottom - safe.bottom, safe.top - b.top, b.right - safe.right, safe.left - b.left);
  };
  const ownFault = inRegion.some((t) => outBy(t) > 0.5);
  const tallest = [...inRegion].sort((a, b) => b.el.offsetHeight - a.el.offsetHeight)[0];
  const fitted: FittedText[] = texts.map((t) => {
    const m = measure(t);
    const past = Math.max(0, m.lines - t.maxLines) * m.lineHeight;
    const runOver = ownFault ? outBy(t) : excess > 0.5 && t === tallest ? excess : 0;
    return {
      field: t.field,
      size: t.size,
      min: t.min,
      lines: m.lines,
      maxLines: t.maxLines,
      overflowPx: Math.round(Math.max(past, m.overflowX, runOver)),
    };
  });
  return { state: "drawn", texts: fitted, sprites: spritesOf(root) };
}
