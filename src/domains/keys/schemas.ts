import { Type } from "@sinclair/typebox";
import { OneTimeSecret } from "../../operations/one-time-secrets.js";
import { SCOPES } from "../../operations/scopes.js";
import { ApiKeySchema } from "./view.js";

export const MAX_ACTIVE_KEYS = 25;

export const KeyIdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });

export const CreateKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, description: "Shown in the key list and audit trail." }),
    scopes: Type.Array(Type.String({ enum: [...SCOPES] }), {
      minItems: 1,
      uniqueItems: true,
      description: "At least one of the 12 grantable scopes. keys:manage and assistant:use are never grantable.",
    }),
    expires: Type.Optional(
      Type.String({ format: "date", description: "A future UTC date; the key stops working at the end of that day." }),
    ),
    rateLimitPerMinute: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 600 }), Type.Null()])),
    rateLimitPerDay: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 864_000 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const SecretAndKey = Type.Object(
  {
    secret: OneTimeSecret("^svc_live_[0-9A-Za-z]{40}$", "The key itself; never retrievable again."),
    key: ApiKeySchema,
  },
  { additionalProperties: false },
);

export const RotateKeyBody = Type.Object(
  {
    graceSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 86_400,
        default: 0,
        description: "How long the old key keeps working; 0 stops it at once.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const RotatedKey = Type.Object(
  { ...SecretAndKey.properties, previousKey: ApiKeySchema },
  { additionalProperties: false },
);
