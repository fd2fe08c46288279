import { Type } from "@sinclair/typebox";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { RenderOptionsSchema } from "./schemas.js";

export const getRenderOptions = defineOperation({
  id: "catalog.getRenderOptions",
  summary: "Get render options",
  description:
    "Answers every option a walkthrough render accepts, in one object of seven lists (not a page): `avatars`, " +
    "`backgrounds`, `captionStyles`, `captures`, `fonts`, `languages` and `orientations`. Pass an entry's `id` as the " +
    "request field of the same name (`avatar`, `background`, `captionStyle`, `capture`, `language`, `orientation`); " +
    "entries with `isDefault` are used when a field is left out. Rules: a capture is refused with " +
    "capture_incompatible outside its `orientations` (phone cannot be landscape); an avatar with `available: false` " +
    "is refused with avatar_unavailable; languages are those the installed voices speak, each with its default voice. " +
    "`fonts` are the families installed on the machine, the only ones a brand kit may name (`fonts.heading`, " +
    "`fonts.body`). Voices themselves are listed by catalog.listVoices.",
  query: Type.Object({}, { additionalProperties: false }),
  responses: { 200: RenderOptionsSchema },
  handler: async ({ deps }) =>
    ok({
      ...deps.catalog.renderOptions,
      fonts: deps.fonts.fonts.map((f) => ({
        id: f.id,
        family: f.family,
        category: f.category,
        weights: f.weights,
        isDefault: f.isDefault,
      })),
    }),
});
