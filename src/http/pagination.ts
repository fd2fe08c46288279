import { type TSchema, Type } from "@sinclair/typebox";
import { type SelectQueryBuilder, sql } from "kysely";
import { ApiError } from "../contract/errors.js";
import type { Database } from "../db/schema.js";
import { isMintedId } from "../ids.js";

/** `limit` 1–100 (out of range is refused, never clamped) and an opaque `cursor` of at most 512. */
export const pageQuery = (defaultLimit = 20) =>
  Type.Object(
    {
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: defaultLimit })),
      cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    },
    { additionalProperties: false },
  );

export interface PageInput {
  limit?: number;
  cursor?: string;
}

export const pageOf = <T extends TSchema>(row: T) =>
  Type.Object(
    { data: Type.Array(row), nextCursor: Type.Union([Type.String(), Type.Null()]) },
    { additionalProperties: false },
  );

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** A page of rows as a page of their public views. */
export const mapPage = <R, V>(page: Page<R>, view: (row: R) => V): Page<V> => ({
  data: page.data.map(view),
  nextCursor: page.nextCursor,
});

const HUNDRED_YEARS_MS = 100 * 365.25 * 86_400_000;

/**
 * Cursor = base64url("<sort key>.<id>"). The sort key is epoch ms for time-ordered lists or an integer
 * for numbered ones. Refused with invalid_cursor when malformed, when its timestamp lies beyond a
 * hundred years of now, or when its id is not of the shape this service mints.
 */
export function encodeCursor(sortKey: number, id: string): string {
  return Buffer.from(`${sortKey}.${id}`).toString("base64url");
}

export function decodeCursor(cursor: string, kind: "time" | "number", now: Date): { sortKey: number; id: string } {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const match = /^(-?\d{1,16})\.(.+)$/.exec(text);
  if (!match) throw new ApiError("invalid_cursor", { reason: "malformed" });
  const sortKey = Number(match[1]);
  const id = match[2] as string;
  if (!isMintedId(id)) throw new ApiError("invalid_cursor", { reason: "id_shape" });
  if (kind === "time" && Math.abs(sortKey - now.getTime()) > HUNDRED_YEARS_MS) {
    throw new ApiError("invalid_cursor", { reason: "out_of_bounds" });
  }
  return { sortKey, id };
}

export interface PageSpec {
  /** Column holding the sort key: an ISO timestamp column or an integer column. */
  sortColumn: string;
  kind: "time" | "number";
  /** Newest first (desc) for most lists; revisions read in ascending number order. */
  direction: "desc" | "asc";
}

/**
 * Runs one page of a keyset-paginated query (sort key, then id as tie-break). The query must select
 * `sortColumn` and `id`. Fetches limit+1 rows to know whether a next page exists.
 */
export async function paginate<R extends { id: string }>(
  // biome-ignore lint/suspicious/noExplicitAny: generic over any table of the database
  query: SelectQueryBuilder<Database, any, R>,
  input: PageInput,
  spec: PageSpec,
  now: Date,
): Promise<Page<R>> {
  const limit = input.limit ?? 20;
  const col = sql.ref(spec.sortColumn);
  const id = sql.ref("id");
  const cmp = spec.direction === "desc" ? sql.raw("<") : sql.raw(">");
  let q = query;
  if (input.cursor) {
    const c = decodeCursor(input.cursor, spec.kind, now);
    const key = spec.kind === "time" ? new Date(c.sortKey).toISOString() : c.sortKey;
    q = q.where(sql<boolean>`(${col} ${cmp} ${key} or (${col} = ${key} and ${id} ${cmp} ${c.id}))`);
  }
  const rows = await q
    .orderBy(sql`${col} ${sql.raw(spec.direction)}`)
    .orderBy(sql`${id} ${sql.raw(spec.direction)}`)
    .limit(limit + 1)
    .execute();
  return pageOfRows(rows, limit, spec);
}

/**
 * The page `rows` make: a list query fetched limit+1 rows in the spec's order (sort key, then id), so
 * one more than `limit` means a next page, whose cursor is the last row shown. Lists that run their
 * query outside `paginate` (a precompiled read) build their page with it too.
 */
export function pageOfRows<R extends { id: string }>(
  rows: R[],
  limit: number,
  spec: Pick<PageSpec, "sortColumn" | "kind">,
): Page<R> {
  const more = rows.length > limit;
  const data = more ? rows.slice(0, limit) : rows;
  const last = data[data.length - 1] as (R & Record<string, unknown>) | undefined;
  if (!more || last === undefined) return { data, nextCursor: null };
  const raw = (last as Record<string, unknown>)[spec.sortColumn.split(".").pop() as string];
  const sortKey = spec.kind === "time" ? Date.parse(String(raw)) : Number(raw);
  return { data, nextCursor: encodeCursor(sortKey, last.id) };
}

/** Where a newest-first page of a time-ordered list starts: after the cursor's row, or at the top. */
export function timeCursorAfter(cursor: string | undefined, now: Date): { at: string; id: string } | null {
  if (!cursor) return null;
  const c = decodeCursor(cursor, "time", now);
  return { at: new Date(c.sortKey).toISOString(), id: c.id };
}

/**
 * The order of the service's lists: newest first by a timestamp column (`created_at` unless the list
 * says otherwise), id as tie-break, each row shown as its public view.
 */
export async function newestFirst<R extends { id: string }, V>(
  // biome-ignore lint/suspicious/noExplicitAny: generic over any table of the database
  query: SelectQueryBuilder<Database, any, R>,
  input: PageInput,
  now: Date,
  view: (row: R) => V,
  sortColumn = "created_at",
): Promise<Page<V>> {
  return mapPage(await paginate(query, input, { sortColumn, kind: "time", direction: "desc" }, now), view);
}
