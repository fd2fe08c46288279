import { Type } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { walletView } from "../wallet/balance.js";
import { lapseExpiredPlan } from "../wallet/movements.js";
import { WalletSchema } from "../wallet/schemas.js";
import { findAccountWithWallet } from "./store.js";

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const AccountResponse = Type.Object(
  {
    account: Type.Object(
      {
        id: Type.String(),
        email: Type.String(),
        name: Type.String(),
        emailVerified: Type.Boolean(),
        role: Type.String(),
        createdAt: Type.String({ format: "date-time" }),
        deletionStatus: Type.String(),
      },
      { additionalProperties: false },
    ),
    wallet: WalletSchema,
    credential: Type.Object(
      {
        kind: Type.Union([Type.Literal("api_key"), Type.Literal("session")]),
        apiKeyId: Nullable(Type.String()),
        scopes: Type.Array(Type.String()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const getAccount = defineOperation({
  id: "account.get",
  summary: "Read the account, its wallet and the calling credential",
  description:
    "Returns the account profile, the wallet's balances in seconds and the credential's kind and scopes. The cheapest call that proves a credential works.",
  responses: { 200: AccountResponse },
  async handler({ actor, deps, now }) {
    const found = await findAccountWithWallet(deps.db, actor.accountId);
    if (!found) throw new ApiError("not_found");
    const { account } = found;
    const wallet = await lapseExpiredPlan(deps.db.kysely, found.wallet, now);
    return ok({
      account: {
        id: account.id,
        email: account.email,
        name: account.name,
        emailVerified: account.email_verified === 1,
        role: account.role,
        createdAt: account.created_at,
        deletionStatus: account.deletion_status,
      },
      wallet: walletView(wallet, now),
      credential: {
        kind: actor.kind,
        apiKeyId: actor.kind === "api_key" ? actor.keyId : null,
        scopes: [...actor.scopes],
      },
    });
  },
});
