import { Type } from "@sinclair/typebox";
import { mapPage, pageOf, pageQuery } from "../../http/pagination.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { type Catalog, type Voice, voicesFor } from "./catalog.js";
import { CATALOG_PAGE_SIZE, decodeCatalogCursor, pageCatalog } from "./paging.js";
import { VoiceSchema, type VoiceView } from "./schemas.js";

const query = Type.Object(
  {
    ...pageQuery(CATALOG_PAGE_SIZE).properties,
    language: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 16,
        pattern: "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$",
        description:
          "BCP 47 tag (case-insensitive): only voices that can narrate it. `en` matches every English voice; an unlisted language gives an empty page.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const toVoiceView = (v: Voice, catalog: Catalog): VoiceView => ({
  id: v.id,
  name: v.name,
  language: v.language,
  languages: v.languages,
  gender: v.gender,
  engine: v.engine,
  isDefault: v.id === catalog.defaults.voiceId,
});

export const listVoices = defineOperation({
  id: "catalog.listVoices",
  summary: "List narration voices",
  description:
    "Lists the voices installed on this deployment, sorted by id; pass a voice `id` as `voiceId` when quoting or " +
    "starting a render. A render's `language` must be among the voice's `languages`, or it is refused with " +
    "voice_language. Filter with `language` to get the voices for one language. Cursor page, 100 rows by default. " +
    "An empty list means no speech engine is installed.",
  query,
  responses: { 200: pageOf(VoiceSchema) },
  checkCursor: (cursor) => decodeCatalogCursor(cursor, "voices"),
  handler: async ({ query, deps }) => {
    const { catalog } = deps;
    const voices = query.language === undefined ? catalog.voices : voicesFor(catalog, query.language);
    const page = pageCatalog(voices, query, "voices");
    return ok(mapPage(page, (v) => toVoiceView(v, catalog)));
  },
});
