import { resolveRenderOptions } from "../catalog/resolve.js";
import type { DomainServices } from "../services.js";
import type { TemplateOptions } from "./schemas.js";
import { findTemplate, templateOptionsOf } from "./store.js";
import { findSystemTemplate } from "./system.js";

/**
 * The options of a template the account may name: a system template or one of its own saved ones;
 * null when it is neither (the caller answers template_unknown).
 */
export async function resolveTemplate(
  deps: Pick<DomainServices, "db">,
  accountId: string,
  templateId: string,
): Promise<TemplateOptions | null> {
  const system = findSystemTemplate(templateId);
  if (system) return { ...system.options };
  const row = await findTemplate(deps.db.kysely, accountId, templateId);
  return row ? templateOptionsOf(row) : null;
}

/** A template's options must resolve on their own (the spec's option codes), so naming it never fails later for them. */
export function checkTemplateOptions(deps: Pick<DomainServices, "catalog">, options: TemplateOptions): void {
  resolveRenderOptions(deps.catalog, options);
}

/** Only the fields given, in a fixed order: what is stored and answered. */
export function cleanOptions(options: TemplateOptions): TemplateOptions {
  const out: TemplateOptions = {};
  for (const k of [
    "background",
    "captionStyle",
    "capture",
    "language",
    "orientation",
    "voiceId",
    "avatar",
    "targetSeconds",
    "maxSeconds",
  ] as const) {
    const v = options[k];
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}
