import { Type } from "@sinclair/typebox";
import { utcDay } from "../../clock.js";
import { issue } from "../../http/validation.js";
import { ok } from "../../operations/define.js";
import { RATE_CLASSES, type RateClass } from "../../operations/scopes.js";
import { defineOperation } from "../services.js";

const MAX_DAYS = 90;
const Day = Type.String({ format: "date", description: "UTC day, YYYY-MM-DD." });
const ByClass = Type.Object(
  Object.fromEntries(RATE_CLASSES.map((c) => [c, Type.Integer({ minimum: 0 })])) as Record<
    (typeof RATE_CLASSES)[number],
    ReturnType<typeof Type.Integer>
  >,
  { additionalProperties: false },
);

const UsageResponse = Type.Object(
  {
    credential: Type.Object(
      {
        kind: Type.Union([Type.Literal("api_key"), Type.Literal("session")]),
        apiKeyId: Type.Union([Type.String(), Type.Null()]),
      },
      { additionalProperties: false },
    ),
    from: Day,
    to: Day,
    total: Type.Integer({ minimum: 0 }),
    byClass: ByClass,
    days: Type.Array(
      Type.Object(
        {
          date: Day,
          total: Type.Integer({ minimum: 0 }),
          byClass: ByClass,
          operations: Type.Array(
            Type.Object(
              { operationId: Type.String(), rateClass: Type.String(), count: Type.Integer({ minimum: 0 }) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const zeroByClass = () => Object.fromEntries(RATE_CLASSES.map((c) => [c, 0])) as Record<RateClass, number>;

export const getUsage = defineOperation({
  id: "usage.get",
  summary: "Read this credential's request counts",
  description: `Requests this credential made that counted against its rate limits, per UTC day, operation and rate class, newest day first. \`from\` and \`to\` (inclusive UTC days) default to the last 30 days and may span at most ${MAX_DAYS} days. A dashboard session reads the account's session counts.`,
  query: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }, { additionalProperties: false }),
  responses: { 200: UsageResponse },
  async handler({ actor, deps, query, now }) {
    const to = query.to ?? utcDay(now);
    const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000));
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (span < 0) throw issue("query.from", "range", "must not be after `to`");
    if (span >= MAX_DAYS) throw issue("query.from", "range", `must be within ${MAX_DAYS} days of \`to\``);

    await deps.usage.flush();
    const rows = await deps.db.kysely
      .selectFrom("usage_counts")
      .select(["day", "operation_id", "rate_class", "count"])
      .where("credential_id", "=", actor.credentialId)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .orderBy("day", "desc")
      .orderBy("operation_id")
      .execute();

    const days = new Map<
      string,
      {
        date: string;
        total: number;
        byClass: Record<RateClass, number>;
        operations: { operationId: string; rateClass: string; count: number }[];
      }
    >();
    const byClass = zeroByClass();
    let total = 0;
    for (const r of rows) {
      const n = Number(r.count);
      // The meter writes the operation's row.rateClass: one of RATE_CLASSES.
      const rateClass = r.rate_class as RateClass;
      const day = days.get(r.day) ?? { date: r.day, total: 0, byClass: zeroByClass(), operations: [] };
      days.set(r.day, day);
      day.total += n;
      day.byClass[rateClass] = (day.byClass[rateClass] ?? 0) + n;
      day.operations.push({ operationId: r.operation_id, rateClass: r.rate_class, count: n });
      byClass[rateClass] = (byClass[rateClass] ?? 0) + n;
      total += n;
    }
    return ok({
      credential: { kind: actor.kind, apiKeyId: actor.kind === "api_key" ? actor.keyId : null },
      from,
      to,
      total,
      byClass,
      days: [...days.values()],
    });
  },
});
