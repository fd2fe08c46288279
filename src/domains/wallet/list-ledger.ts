import type { Static } from "@sinclair/typebox";
import type { Kysely, Selectable } from "kysely";
import { precompiledRead } from "../../db/precompiled.js";
import type { Database, LedgerEntriesTable } from "../../db/schema.js";
import { mapPage, pageOf, pageOfRows, pageQuery, timeCursorAfter } from "../../http/pagination.js";
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
    // The shared newest-first order (pagination.ts), as two reads compiled once, rows as arrays: Kysely's
    // builder and the drivers' row objects cost more than the rows themselves (decision 0044).
    const limit = query.limit ?? 20;
    const after = timeCursorAfter(query.cursor, now);
    const rows = after
      ? await ledgerAfter(deps.db, { accountId: actor.accountId, at: after.at, id: after.id, rows: limit + 1 })
      : await ledgerTop(deps.db, { accountId: actor.accountId, rows: limit + 1 });
    return ok(mapPage(pageOfRows(rows.map(ledgerRow), limit, { sortColumn: "created_at", kind: "time" }), ledgerView));
  },
});

type LedgerRow = Omit<Selectable<LedgerEntriesTable>, "account_id">;

/** What a ledger view reads, in this order: ledgerRow reads the arrays the reads below return by position. */
const LEDGER_COLUMNS = [
  "id",
  "type",
  "plan_delta",
  "payg_delta",
  "free_delta",
  "reserved_delta",
  "available_after",
  "job_id",
  "plan_id",
  "note",
  "created_at",
] as const satisfies readonly (keyof LedgerRow)[];

const ledgerRow = (r: unknown[]): LedgerRow =>
  ({
    id: r[0],
    type: r[1],
    plan_delta: r[2],
    payg_delta: r[3],
    free_delta: r[4],
    reserved_delta: r[5],
    available_after: r[6],
    job_id: r[7],
    plan_id: r[8],
    note: r[9],
    created_at: r[10],
  }) as LedgerRow;

const newestLedger = (db: Kysely<Database>, accountId: string) =>
  db.selectFrom("ledger_entries").select(LEDGER_COLUMNS).where("account_id", "=", accountId);

const ledgerTop = precompiledRead((db, p: { accountId: string; rows: number }) =>
  newestLedger(db, p.accountId).orderBy("created_at", "desc").orderBy("id", "desc").limit(p.rows),
);

const ledgerAfter = precompiledRead((db, p: { accountId: string; at: string; id: string; rows: number }) =>
  newestLedger(db, p.accountId)
    .where((eb) => eb.or([eb("created_at", "<", p.at), eb.and([eb("created_at", "=", p.at), eb("id", "<", p.id)])]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(p.rows),
);

export function ledgerView(e: LedgerRow): Static<typeof LedgerEntrySchema> {
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
