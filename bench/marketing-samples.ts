// What the marketing generator makes of real sites: the corpus's four landing templates (test/sites/) served
// on loopback, each scanned through the API, then a 60 s `product-launch` and a portrait `social-teaser`
// generated from it by the real job (festival measuring the narration, Chromium drawing a still per scene).
// Each generation's preview stills are tiled into one grid with each scene's kind, length and narration
// under its still (bench/.out/marketing/<site>-<template>.png), its document beside it as Markdown (.md),
// the full-size stills in a folder of that name.
// Look at the grids after changing the generator or a layout.
//
//   node --import tsx bench/marketing-samples.ts [--docs] [site …]      (no names: all four)
//
// --docs also writes the grids to docs/samples/marketing-<site>-<template>.png (docs/samples/marketing-previews.md).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import type { CampaignDocument, CampaignScene } from "../src/pipelines/marketing/campaign/document.js";
import { SCENE_FRAMES } from "../src/pipelines/marketing/scenes/frame.js";
import { Harness, idem } from "../src/testutil/harness.js";
import { CORPUS } from "../test/sites/corpus.js";
import { serveSite } from "../test/sites/serve.js";

const OUT = resolve(import.meta.dirname, ".out/marketing");
const LANDINGS = ["agency", "grayscale", "landing-page", "freelancer"];
const GENERATIONS = [
  { templateId: "product-launch", seconds: 60, orientation: "landscape" },
  { templateId: "social-teaser", seconds: 15, orientation: "portrait" },
] as const;
/** Tiles at this fraction of the frame; the caption under each is set at this size in pixels. */
const SCALE = { landscape: 1 / 3, portrait: 1 / 3, square: 1 / 3 } as const;
const FONT_PX = 15;
const GAP = 16;

const DOCS = resolve(import.meta.dirname, "../docs/samples");
const args = process.argv.slice(2).filter((a) => a !== "--");
const toDocs = args.includes("--docs");
const asked = args.filter((a) => a !== "--docs");
const sites = asked.length ? asked : LANDINGS;
for (const id of sites)
  if (!LANDINGS.includes(id)) throw new Error(`unknown site ${id}; known: ${LANDINGS.join(", ")}`);
mkdirSync(OUT, { recursive: true });

const h = await Harness.start({
  config: {
    allowPrivateHosts: ["127.0.0.1"],
    scan: { extraPages: 3, pageTimeoutMs: 15_000, scanTimeoutMs: 90_000 },
  },
  rateStore: "memory",
});
try {
  const user = await h.user();
  const post = (path: string, body: unknown) =>
    h.request("POST", path, { token: user.key, idempotencyKey: idem(), body });
  const get = (path: string) => h.request("GET", path, { token: user.key });
  const download = async (url: string): Promise<Buffer> => {
    const res = await h.app.inject({ method: "GET", url: url.replace(h.deps.config.publicUrl, "") });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
    return res.rawPayload;
  };

  for (const id of sites) {
    const site = CORPUS.find((s) => s.id === id);
    if (!site) throw new Error(`no corpus site ${id}`);
    const served = await serveSite(site);
    try {
      const created = await post("/marketing/sources", { url: served.startUrl });
      if (created.status !== 202) throw new Error(`scan ${id}: ${created.status} ${created.text}`);
      await h.drain();
      const source = (await get(`/marketing/sources/${created.body.id}`)).body;
      if (source.state !== "succeeded") throw new Error(`scan ${id}: ${source.state} ${JSON.stringify(source.error)}`);

      for (const g of GENERATIONS) {
        const started = performance.now();
        const request = { sourceId: source.id, ...g };
        const preflight = await post("/marketing/generations/preflight", request);
        if (preflight.status !== 200) throw new Error(`${id} ${g.templateId}: ${preflight.status} ${preflight.text}`);
        const begun = await post("/marketing/generations", request);
        if (begun.status !== 202) throw new Error(`${id} ${g.templateId}: ${begun.status} ${begun.text}`);
        await h.drain();
        const generation = (await get(`/marketing/generations/${begun.body.id}`)).body;
        const stem = `${id}-${g.templateId}`;
        if (generation.state !== "succeeded") {
          console.log(`${stem}: ${generation.state} ${JSON.stringify(generation.error)}`);
          continue;
        }
        const artifacts = generation.result.artifacts as { type: string; url: string }[];
        const campaign = artifacts.find((a) => a.type === "campaign");
        const doc = JSON.parse((await download(campaign?.url ?? "")).toString("utf8")) as CampaignDocument;
        const stills = await Promise.all(artifacts.filter((a) => a.type === "preview").map((a) => download(a.url)));
        const visible = doc.story.scenes.filter((s) => !s.hidden);
        const title = `${id} · ${g.templateId} · ${doc.export.seconds} s ${doc.export.orientation} · cover "${doc.story.coverText}"`;
        mkdirSync(join(OUT, stem), { recursive: true });
        for (const [i, png] of stills.entries())
          writeFileSync(join(OUT, stem, `${i + 1}-${visible[i]?.kind}.png`), png);
        const png = await grid(doc, visible, stills, title);
        writeFileSync(join(OUT, `${stem}.png`), png);
        if (toDocs) writeFileSync(join(DOCS, `marketing-${stem}.png`), png);
        writeFileSync(join(OUT, `${stem}.md`), markdown(doc, title, preflight.body.warnings));
        const ms = Math.round(performance.now() - started);
        console.log(`${stem}: ${visible.length} scenes, ${ms} ms → ${join(OUT, `${stem}.png`)}`);
      }
    } finally {
      await served.close();
    }
  }
} finally {
  await h.close();
}

/** The stills side by side, each with its scene's kind, length and narration under it, a title on top. */
async function grid(doc: CampaignDocument, scenes: CampaignScene[], stills: Buffer[], title: string): Promise<Buffer> {
  const orientation = doc.export.orientation;
  const frame = SCENE_FRAMES[orientation];
  const [w, h] = [Math.round(frame.width * SCALE[orientation]), Math.round(frame.height * SCALE[orientation])];
  const columns = orientation === "portrait" ? stills.length : Math.min(3, stills.length);
  const captions = scenes.map((s, i) => [
    `${i + 1}. ${s.kind} · ${s.seconds.toFixed(1)} s`,
    ...wrap(s.narration, Math.floor(w / (FONT_PX * 0.55))),
  ]);
  const captionHeight = Math.max(...captions.map((lines) => lines.length)) * (FONT_PX + 4) + 8;
  const head = FONT_PX * 2 + 8;
  const rows = Math.ceil(stills.length / columns);
  const layers: OverlayOptions[] = [{ input: svgText([title], GAP + columns * (w + GAP), head, 15), left: 0, top: 0 }];
  for (const [i, png] of stills.entries()) {
    const left = GAP + (i % columns) * (w + GAP);
    const top = head + Math.floor(i / columns) * (h + captionHeight + GAP);
    layers.push({ input: await sharp(png).resize(w, h).png().toBuffer(), left, top });
    layers.push({ input: svgText(captions[i] ?? [], w, captionHeight, FONT_PX, 0), left, top: top + h + 4 });
  }
  const width = GAP + columns * (w + GAP);
  const height = head + rows * (h + captionHeight + GAP);
  return sharp({ create: { width, height, channels: 3, background: "#f2f2f0" } })
    .composite(layers)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}

/** Lines of text drawn by librsvg in DejaVu Sans, the first bold. */
function svgText(lines: string[], width: number, height: number, px: number, x = GAP): Buffer {
  const tspans = lines
    .map((line, i) => `<tspan x="${x}" dy="${px + 4}"${i === 0 ? ' font-weight="700"' : ""}>${xml(line)}</tspan>`)
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text font-family="DejaVu Sans" font-size="${px}" fill="#1d1f22">${tspans}</text></svg>`,
  );
}

function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function xml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The document as a reader checks it: each scene's copy, visual and narration, then the style. */
function markdown(doc: CampaignDocument, title: string, warnings: { code: string; message: string }[]): string {
  const out = [`# ${title}`, ""];
  for (const [i, s] of doc.story.scenes.entries()) {
    out.push(`## ${i + 1}. ${s.kind} (${s.seconds.toFixed(1)} s)${s.hidden ? " — hidden" : ""}`, "");
    if (s.headline) out.push(`- headline: ${s.headline}`);
    if (s.body) out.push(`- body: ${s.body}`);
    if (s.cta) out.push(`- cta: ${s.cta.text} → ${s.cta.url}`);
    if (s.quote) out.push(`- quote: ${s.quote.text} — ${s.quote.author}`);
    const visual =
      s.visual.type === "footage" || s.visual.type === "plate" ? s.visual.type : `${s.visual.type} ${s.visual.assetId}`;
    out.push(`- visual: ${visual}`, `- narration: ${s.narration}`, "");
  }
  const { palette, fonts } = doc.style;
  out.push(
    "## Style",
    "",
    `- palette: ${Object.entries(palette)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  out.push(`- fonts: heading ${fonts.heading}, body ${fonts.body}`, `- logo: ${doc.style.logo.assetId ?? "none"}`);
  for (const w of warnings) out.push(`- warning ${w.code}: ${w.message}`);
  return `${out.join("\n")}\n`;
}
