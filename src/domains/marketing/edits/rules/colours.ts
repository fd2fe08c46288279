import { clampChroma, colorsNamed, formatHex, oklch, parse } from "culori";
import type { PaletteRole, RevisionOperation } from "../../../../pipelines/marketing/campaign/document.js";
import type { Rule } from "./rule.js";

/**
 * Colours: a palette role set to a hex or CSS colour name ("#0f172a background", "make the text white"),
 * made darker or lighter (a step of 0.1 in OKLCH lightness, hue and chroma kept), a dark or light look,
 * or the brand's colours taken whole from the brand kit or the source (decision 0032).
 */

const ROLES: readonly [string, PaletteRole][] = [
  ["background", "background"],
  ["button text", "primaryText"],
  ["call to action text", "primaryText"],
  ["text", "text"],
  ["font", "text"],
  ["copy", "text"],
  ["writing", "text"],
  ["primary", "primary"],
  ["main", "primary"],
  ["button", "primary"],
  ["buttons", "primary"],
  ["call to action", "primary"],
  ["accent", "accent"],
  ["highlight", "accent"],
  ["highlights", "accent"],
  ["secondary", "accent"],
];
const ROLE = `(?:the )?(${ROLES.map(([w]) => w).join("|")})(?: colours?)?`;
const NAMED = Object.keys(colorsNamed).join("|");
const VALUE = `(#[0-9a-f]{6}|#[0-9a-f]{3}|(?:dark|light|pale|deep|bright) (?:${NAMED})|${NAMED})`;
const SET = "(?:make|set|change|turn|switch|paint|colou?r|use)";

const EXACT: readonly [RegExp, number, number][] = [
  [new RegExp(`^(?:${SET} )?${ROLE} (?:to |into |as |= |should be |in |colour )?${VALUE}(?: instead)?$`), 1, 2],
  [new RegExp(`^(?:(?:make|use|go with|try|want) )?(?:a |an )?${VALUE} ${ROLE}$`), 2, 1],
  [new RegExp(`^(?:use|try|apply|go with) ${VALUE} (?:for|as|on) ${ROLE}$`), 2, 1],
];
const STEP: readonly [RegExp, number, number][] = [
  [new RegExp(`^(?:${SET} )?${ROLE} (darker|lighter|brighter|deeper)$`), 1, 2],
  [new RegExp(`^(?:(?:make|use|want|go with) )?(?:a )?(darker|lighter|brighter|deeper) ${ROLE}$`), 2, 1],
  [new RegExp(`^(darken|lighten|brighten|deepen) ${ROLE}$`), 2, 1],
];

const roleOf = (word: string): PaletteRole | undefined => ROLES.find(([w]) => w === word)?.[1];

/** "dark blue" → darkblue when CSS names it, else the name's colour a step darker or lighter. */
function hexOf(value: string): string | null {
  const joined = value.replace(/ /g, "");
  const direct = parse(joined) ?? (value.startsWith("#") ? undefined : parse(value.split(" ").pop() ?? ""));
  if (!direct) return null;
  const shade = value.match(/^(dark|deep|light|pale|bright) /)?.[1];
  const base = formatHex(direct);
  if (parse(joined) || shade === undefined) return base.toUpperCase();
  return shift(base, /^(?:dark|deep)$/.test(shade) ? -0.15 : 0.15);
}

function shift(hex: string, amount: number): string {
  const c = oklch(parse(hex));
  if (!c) return hex.toUpperCase();
  const l = Math.min(1, Math.max(0, c.l + amount));
  return formatHex(clampChroma({ ...c, l }, "oklch")).toUpperCase();
}

const LOOKS: readonly [RegExp, Record<"background" | "text", string>][] = [
  [
    /^(?:(?:make it|use|go|switch to|want|give it) )?(?:a )?(?:dark mode|dark (?:background|theme|look|style)|darker theme)$/,
    { background: "#111827", text: "#F9FAFB" },
  ],
  [
    /^(?:(?:make it|use|go|switch to|want|give it) )?(?:a )?(?:light mode|light (?:background|theme|look|style)|lighter theme)$/,
    { background: "#FFFFFF", text: "#111827" },
  ],
];
const BRAND: readonly [RegExp, "kit" | "source"][] = [
  [
    /^(?:(?:use|apply|switch to|go with|match|change to|make it|back to|put|set) )?(?:our |my |the )?(?:own )?brand(?: kit)?(?: colours?| look| style| palette| fonts)?(?: instead)?$/,
    "kit",
  ],
  [
    /^(?:(?:use|apply|switch to|go with|match|change to|make it|back to|go back to|return to|restore) )?(?:the |our |my )?(?:website's|site's|website|site|original|source|page's|homepage)(?: own)? colours?$/,
    "source",
  ],
  [
    /^(?:use|apply|take|match) (?:the )?colours (?:from|of) (?:the |our |my )?(?:website|site|homepage|page|source)$/,
    "source",
  ],
  [/^(?:make it )?on brand$/, "kit"],
];

export const brandRule: Rule = (clause) => {
  const hit = BRAND.find(([p]) => p.test(clause.text));
  return hit ? [{ op: "use_brand", from: hit[1] }] : null;
};

export const colourRule: Rule = (clause, ctx) => {
  const text = clause.text;
  const look = LOOKS.find(([p]) => p.test(text));
  if (look) {
    return [
      { op: "set_palette", role: "background", hex: look[1].background },
      { op: "set_palette", role: "text", hex: look[1].text },
    ];
  }
  for (const [pattern, roleGroup, valueGroup] of EXACT) {
    const m = text.match(pattern);
    const role = roleOf(m?.[roleGroup] ?? "");
    const hex = m ? hexOf(m[valueGroup] ?? "") : null;
    if (role && hex) return [{ op: "set_palette", role, hex: expand(hex) }];
  }
  for (const [pattern, roleGroup, stepGroup] of STEP) {
    const m = text.match(pattern);
    const role = roleOf(m?.[roleGroup] ?? "");
    if (!m || !role) continue;
    const darker = /^(?:darker|deeper|darken|deepen)$/.test(m[stepGroup] ?? "");
    const ops: RevisionOperation[] = [
      { op: "set_palette", role, hex: shift(ctx.doc.style.palette[role], darker ? -0.1 : 0.1) },
    ];
    return ops;
  }
  return null;
};

const expand = (hex: string): string =>
  (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex).toUpperCase();
