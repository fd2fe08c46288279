import { Type } from "@sinclair/typebox";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { BrandKitSchema } from "./schemas.js";
import { brandKitView, findBrandKit } from "./store.js";

export const getBrandKitOperation = defineOperation({
  id: "marketing.getBrandKit",
  summary: "Read the brand kit",
  description:
    "The account's brand kit. Always readable: before the first PUT every field is null and `updatedAt` is null " +
    "(no kit yet). `logo.file` is the kit's own copy of the logo, with a signed URL that works for an hour.",
  query: Type.Object({}, { additionalProperties: false }),
  responses: { 200: BrandKitSchema },
  async handler({ actor, deps }) {
    return ok(brandKitView(await findBrandKit(deps.db.kysely, actor.accountId), deps.storage));
  },
});
