import type { Compilable, Kysely } from "kysely";
import type { Db } from "./connect.js";
import type { Database } from "./schema.js";

/** Stands in for a parameter while the query is built once; replaced by the real value per call. */
class Slot {
  constructor(readonly name: string) {}
}

type Slots<P> = { [K in keyof P]: P[K] };

/**
 * A SELECT built and compiled once per database, then run with fresh parameters through `Db.readRows`.
 * Building a query with Kysely's builder, and running it through Kysely's executor, cost several times
 * what SQLite spends answering it (the request path's profiles, docs/benchmarks.md), so hot reads are
 * built with placeholder slots, compiled to the database's own SQL, and re-run directly. Only for
 * queries whose shape never depends on the values (no `in (…)` lists, no optional clauses). Each row
 * comes back as an array of the selected columns, in the order the query selects them, for the caller
 * to read by position next to its column list.
 */
export function precompiledRead<P extends Record<string, unknown>>(
  build: (db: Kysely<Database>, p: Slots<P>) => Compilable<unknown>,
) {
  const compiled = compiler(build);
  return async (db: Db, params: P): Promise<unknown[][]> => {
    const { sql, order } = compiled(db);
    return db.readRows(
      sql,
      order.map((k) => params[k]),
    );
  };
}

/** The query built once per database with a slot for each value, and the order its values bind in. */
function compiler<P extends Record<string, unknown>>(
  build: (db: Kysely<Database>, p: Slots<P>) => Compilable<unknown>,
) {
  const cache = new WeakMap<Db, { sql: string; order: (keyof P)[] }>();
  return (db: Db) => {
    let compiled = cache.get(db);
    if (!compiled) {
      const slots = new Proxy({}, { get: (_t, name) => new Slot(String(name)) }) as Slots<P>;
      const query = build(db.kysely, slots).compile();
      if (!/^select\b/i.test(query.sql)) throw new Error("precompiledRead is for SELECT queries only");
      const order = query.parameters.map((p) => {
        if (!(p instanceof Slot)) throw new Error("precompiled queries take every value through a slot");
        return p.name as keyof P;
      });
      compiled = { sql: query.sql, order };
      cache.set(db, compiled);
    }
    return compiled;
  };
}
