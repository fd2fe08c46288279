import { ApiError } from "../../contract/errors.js";
import type { Page, PageInput } from "../../http/pagination.js";

/** The catalogue lists, named in their cursors so a cursor of one list is refused by another. */
export type CatalogList = "plans" | "voices" | "marketing-templates";

/** Catalogue lists hold a hundred-odd rows or fewer; the spec's "three lists default to 100 rows". */
export const CATALOG_PAGE_SIZE = 100;

/**
 * Catalogue rows live in memory and have no createdAt or minted UUID, so their cursor is
 * base64url("<list>:<last id returned>") rather than the shared time/number cursor; the next page
 * starts after that id. Lists only change when the service restarts with other voices installed; a
 * cursor whose id has gone is refused so the walk restarts, as the spec says.
 */
export const encodeCatalogCursor = (list: CatalogList, lastId: string): string =>
  Buffer.from(`${list}:${lastId}`).toString("base64url");

export function decodeCatalogCursor(cursor: string, list: CatalogList): string {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const match = /^([a-z-]+):(.+)$/s.exec(text);
  if (!match) throw new ApiError("invalid_cursor", { reason: "malformed" });
  if (match[1] !== list) throw new ApiError("invalid_cursor", { reason: "other_list" });
  return match[2] as string;
}

/** One page of an in-memory list, in the list's own order. */
export function pageCatalog<T extends { id: string }>(
  rows: readonly T[],
  input: PageInput,
  list: CatalogList,
): Page<T> {
  const limit = input.limit ?? CATALOG_PAGE_SIZE;
  let start = 0;
  if (input.cursor !== undefined) {
    const lastId = decodeCatalogCursor(input.cursor, list);
    const at = rows.findIndex((r) => r.id === lastId);
    if (at < 0) throw new ApiError("invalid_cursor", { reason: "stale" });
    start = at + 1;
  }
  const data = rows.slice(start, start + limit);
  const last = data[data.length - 1];
  const more = start + limit < rows.length && last !== undefined;
  return { data, nextCursor: more ? encodeCatalogCursor(list, last.id) : null };
}
