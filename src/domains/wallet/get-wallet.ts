import { ApiError } from "../../http/api-error.js";
import { defineOperation, ok } from "../../operations/define.js";
import { isPaid, walletView } from "./balance.js";
import { lapseExpiredPlan, getWallet as readWallet } from "./movements.js";
import { WalletResponse } from "./schemas.js";

export const getWallet = defineOperation({
  id: "wallet.get",
  summary: "Read the wallet's balances",
  description:
    "Seconds by bucket (plan, pay-as-you-go top-ups, free), seconds reserved by running work, and what is available. A plan's unused seconds lapse when its period ends.",
  responses: { 200: WalletResponse },
  async handler({ actor, deps, now }) {
    const stored = await readWallet(deps.db.kysely, actor.accountId);
    if (!stored) throw new ApiError("not_found");
    const wallet = await lapseExpiredPlan(deps.db.kysely, stored, now);
    return ok({ ...walletView(wallet, now), paid: isPaid(wallet, now) });
  },
});
