import { Type } from "@sinclair/typebox";

export const PREVIEW_TEXT_MAX = 200;

export const PreviewBody = Type.Object(
  {
    voiceId: Type.String({ minLength: 1, maxLength: 64, description: "A voice `id` from GET /catalog/voices." }),
    text: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: PREVIEW_TEXT_MAX,
        description: "What to say, 1 to 200 characters. Default: a short sample sentence in `language`.",
      }),
    ),
    language: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 16,
        description:
          "BCP 47 tag (case-insensitive) among the voice's `languages` (else voice_language); picks the default text. Default: the voice's own language.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const PreviewAudio = Type.Object(
  {
    type: Type.Literal("audio"),
    url: Type.String({ description: "Signed URL serving the audio without a credential until `expiresAt`." }),
    expiresAt: Type.String({ format: "date-time" }),
    bytes: Type.Integer(),
    sha256: Type.String({ description: "SHA-256 (hex) of the file's bytes." }),
    durationSeconds: Type.Number(),
    contentType: Type.String({ description: "Media type of the file, `audio/wav`." }),
  },
  { additionalProperties: false },
);

export const PreviewResponse = Type.Object(
  {
    voiceId: Type.String(),
    language: Type.String({ description: "The language the preview was made for (BCP 47)." }),
    text: Type.String({ description: "What was spoken (the default sentence when no text was sent)." }),
    audio: PreviewAudio,
  },
  { additionalProperties: false },
);
