import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { isPaid, walletView } from "./balance.js";
import { readWallet } from "./movements.js";
import { WalletResponse } from "./schemas.js";

export const getWallet = defineOperation({
  id: "wallet.get",
  summary: "Read the wallet's balances",
  description:
    "Seconds by bucket (plan, pay-as-you-go top-ups, free), seconds reserved by running work, and what is available. A plan's unused seconds lapse when its period ends.",
  responses: { 200: WalletResponse },
  async handler({ actor, deps, now }) {
    const wallet = await readWallet(deps.db.kysely, actor.accountId, now);
    return ok({ ...walletView(wallet, now), paid: isPaid(wallet, now) });
  },
});
