import type { Static } from "@sinclair/typebox";
import type { Selectable } from "kysely";
import type { LedgerEntriesTable } from "../../db/schema.js";
import { newestFirst, pageOf, pageQuery } from "../../http/pagination.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import type { LedgerType } from "./movements.js";
import { LedgerEntrySchema } from "./schemas.js";

export const listLedger = defineOperation({
  id: "wallet.listLedger",
  summary: "List the wallet's ledger",
  description:
    "Every movement of seconds, newest first: plan grants and lapses, top-ups, free grants, reservations at job creation, charges of the real duration on success, and releases. The deltas of all entries sum to the wallet's balances.",
  query: pageQuery(),
  responses: { 200: pageOf(LedgerEntrySchema) },
  async handler({ actor, deps, query, now }) {
    const entries = deps.db.kysely.selectFrom("ledger_entries").selectAll().where("account_id", "=", actor.accountId);
    return ok(await newestFirst(entries, query, now, ledgerView));
  },
});

export function ledgerView(e: Selectable<LedgerEntriesTable>): Static<typeof LedgerEntrySchema> {
  return {
    id: e.id,
    // The column holds what recordMovement wrote: one of LEDGER_TYPES.
    type: e.type as LedgerType,
    deltas: {
      planSeconds: e.plan_delta,
      paygSeconds: e.payg_delta,
      freeSeconds: e.free_delta,
      reservedSeconds: e.reserved_delta,
    },
    availableDelta: e.plan_delta + e.payg_delta + e.free_delta - e.reserved_delta,
    availableAfter: e.available_after,
    jobId: e.job_id,
    planId: e.plan_id,
    note: e.note,
    createdAt: e.created_at,
  };
}
