import { readFile } from "node:fs/promises";
import type { FontCatalogue } from "../../../media/fonts/catalogue.js";
import { type FontFile, fontFiles } from "../../../media/fonts/font-files.js";
import type { FontRole } from "../campaign/document.js";

/**
 * The two fonts a scene is set in, as files: each role's catalogue font, its regular and bold faces
 * (the weights the layouts use), loaded by the page from data: URLs under the aliases `cw-heading` and
 * `cw-body`. Nothing is looked up by name in the page, so a font the catalogue offers is the font drawn.
 */

export interface SceneFont {
  /** The catalogue id. */
  id: string;
  /** The faces drawn: the one nearest 400 and the one nearest 700 (one face when they are the same). */
  faces: FontFile[];
}

export type SceneFonts = Record<FontRole, SceneFont>;

export class SceneFontError extends Error {
  override readonly name = "SceneFontError";
}

const USED_WEIGHTS = [400, 700];

function nearest(faces: readonly FontFile[], weight: number): FontFile | undefined {
  const covers = faces.find((f) => f.weight <= weight && weight <= f.maxWeight);
  if (covers) return covers;
  return [...faces].sort((a, b) => Math.abs(a.weight - weight) - Math.abs(b.weight - weight))[0];
}

/** The faces of each role's font, resolved once per run; an id the catalogue lacks is an error (the document's checks refuse it first). */
export async function resolveSceneFonts(
  catalogue: FontCatalogue,
  ids: Record<FontRole, string>,
  options: { fcList?: string } = {},
): Promise<SceneFonts> {
  const resolve = async (id: string): Promise<SceneFont> => {
    const font = catalogue.byId(id);
    if (!font) throw new SceneFontError(`font ${id} is not in the catalogue`);
    const all = await fontFiles(font.family, options);
    const faces = [...new Set(USED_WEIGHTS.map((w) => nearest(all, w)).filter((f) => f !== undefined))];
    if (faces.length === 0) throw new SceneFontError(`fontconfig lists no file for ${font.family}`);
    return { id, faces };
  };
  const [heading, body] = await Promise.all([resolve(ids.heading), resolve(ids.body)]);
  return { heading, body };
}

/** Names the faces a page holds: equal keys, same fonts (the page keeps them between scenes). */
export function fontsKey(fonts: SceneFonts): string {
  const role = (f: SceneFont) => f.faces.map((face) => `${face.path}@${face.weight}-${face.maxWeight}`).join(",");
  return `heading:${role(fonts.heading)};body:${role(fonts.body)}`;
}

const FORMAT_OF = (path: string) => (/\.otf$/i.test(path) ? "opentype" : "truetype");

/** The @font-face rules, each file read once and inlined as a data: URL. */
export async function fontFaceCss(fonts: SceneFonts): Promise<string> {
  const files = new Map<string, Promise<string>>();
  const dataUrl = (path: string) => {
    let read = files.get(path);
    if (!read) {
      read = readFile(path).then(
        (bytes) => `data:font/${FORMAT_OF(path) === "opentype" ? "otf" : "ttf"};base64,${bytes.toString("base64")}`,
      );
      files.set(path, read);
    }
    return read;
  };
  const rules: string[] = [];
  for (const role of ["heading", "body"] as const) {
    for (const face of fonts[role].faces) {
      const weight = face.maxWeight > face.weight ? `${face.weight} ${face.maxWeight}` : `${face.weight}`;
      rules.push(
        `@font-face{font-family:"cw-${role}";font-style:normal;font-weight:${weight};font-display:block;` +
          `src:url("${await dataUrl(face.path)}") format("${FORMAT_OF(face.path)}");}`,
      );
    }
  }
  return rules.join("\n");
}
