import { type Static, Type } from "@sinclair/typebox";

/** Saved templates an account may hold at once (409 template_limit beyond it). */
export const MAX_TEMPLATES = 50;

const Id64 = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });
const Seconds = (description: string) => Type.Integer({ minimum: 1, maximum: 600, description });

/** A template's render options: each optional; absent means the catalogue default (or the request's). */
export const TemplateOptionsSchema = Type.Object(
  {
    background: Type.Optional(Id64("A background id from GET /catalog/render-options.")),
    captionStyle: Type.Optional(Id64("A caption style id from GET /catalog/render-options.")),
    capture: Type.Optional(Id64("A capture id from GET /catalog/render-options.")),
    language: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: "A BCP 47 language tag." })),
    orientation: Type.Optional(Id64("An orientation id from GET /catalog/render-options.")),
    voiceId: Type.Optional(Id64("A voice id from GET /catalog/voices.")),
    avatar: Type.Optional(Id64("An avatar id from GET /catalog/render-options.")),
    targetSeconds: Type.Optional(Seconds("Fixed length (30 or more); omit for Auto.")),
    maxSeconds: Type.Optional(Seconds("Ceiling an Auto render may grow to (30 or more).")),
  },
  { additionalProperties: false },
);
export type TemplateOptions = Static<typeof TemplateOptionsSchema>;

export const TemplateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    options: TemplateOptionsSchema,
  },
  { additionalProperties: false },
);
export type TemplateInput = Static<typeof TemplateBody>;

/** Saved template ids are UUIDs; system template ids are `sys_…`; both are read by id. */
export const TemplateIdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const TemplateSchema = Type.Object(
  {
    id: Type.String({ description: "A UUID for a saved template; `sys_…` for a system template." }),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    options: TemplateOptionsSchema,
    system: Type.Boolean({ description: "True for the service's built-in, read-only templates." }),
    createdAt: Type.String({ format: "date-time" }),
    updatedAt: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);

export const DeletedTemplate = Type.Object(
  { id: Type.String(), deleted: Type.Literal(true) },
  { additionalProperties: false },
);
