import type { Static } from "@sinclair/typebox";
import type { TemplateOptions, TemplateSchema } from "./schemas.js";

export interface SystemTemplate {
  id: string;
  name: string;
  description: string;
  options: TemplateOptions;
}

/** When the built-in templates were defined; they never change under an id (a new look gets a new id). */
const SYSTEM_TEMPLATES_AT = "2026-01-01T00:00:00.000Z";

/**
 * Built-in, read-only option sets every account can name as `templateId`. GET /templates/{id} answers
 * them (`system: true`); GET /templates lists only the account's saved templates; PUT and DELETE on
 * one are 409 conflict (`reason: system_template`). Every one resolves against the fixed catalogue.
 */
export const SYSTEM_TEMPLATES: readonly SystemTemplate[] = [
  {
    id: "sys_product_tour",
    name: "Product tour",
    description: "A landscape desktop walkthrough with classic captions.",
    options: { orientation: "landscape", capture: "desktop", captionStyle: "classic" },
  },
  {
    id: "sys_social_vertical",
    name: "Social vertical",
    description: "A portrait phone capture with bold captions for social feeds watched muted.",
    options: { orientation: "portrait", capture: "phone", captionStyle: "bold" },
  },
  {
    id: "sys_quick_demo",
    name: "Quick demo",
    description: "A fixed 45-second demo.",
    options: { targetSeconds: 45 },
  },
];

export const findSystemTemplate = (id: string): SystemTemplate | undefined => SYSTEM_TEMPLATES.find((t) => t.id === id);

export function systemTemplateView(t: SystemTemplate): Static<typeof TemplateSchema> {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    options: { ...t.options },
    system: true,
    createdAt: SYSTEM_TEMPLATES_AT,
    updatedAt: SYSTEM_TEMPLATES_AT,
  };
}
