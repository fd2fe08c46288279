import { Type } from "@sinclair/typebox";
import { LEDGER_TYPES } from "./movements.js";

const NullableString = (format?: string) => Type.Union([Type.String(format ? { format } : {}), Type.Null()]);

/** The spec's wallet fields (Account table): whole seconds per bucket. */
export const WalletSchema = Type.Object(
  {
    planSeconds: Type.Integer({ minimum: 0 }),
    paygSeconds: Type.Integer({ minimum: 0 }),
    freeSeconds: Type.Integer({ minimum: 0 }),
    reservedSeconds: Type.Integer({ minimum: 0 }),
    availableSeconds: Type.Integer({
      minimum: 0,
      description: "planSeconds + paygSeconds + freeSeconds − reservedSeconds",
    }),
    planId: NullableString(),
    planExpiresAt: NullableString("date-time"),
    planActive: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const WalletResponse = Type.Object(
  {
    ...WalletSchema.properties,
    paid: Type.Boolean({ description: "A live plan or top-up seconds: API keys work. Free seconds do not count." }),
  },
  { additionalProperties: false },
);

const Delta = Type.Integer();

export const LedgerEntrySchema = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    type: Type.Union(LEDGER_TYPES.map((t) => Type.Literal(t))),
    deltas: Type.Object(
      { planSeconds: Delta, paygSeconds: Delta, freeSeconds: Delta, reservedSeconds: Delta },
      { additionalProperties: false },
    ),
    availableDelta: Type.Integer({ description: "Change to availableSeconds." }),
    availableAfter: Type.Integer({ description: "availableSeconds after this movement." }),
    jobId: NullableString(),
    planId: NullableString(),
    note: NullableString(),
    createdAt: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);
