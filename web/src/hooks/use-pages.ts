import { useState } from "react";
import type { ApiFailure } from "../api/failure";
import { useAction, useLoad } from "./use-load";

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export interface Pages<T> {
  rows: T[] | null;
  failure: ApiFailure | null;
  loading: boolean;
  /** Whether the API has more rows after these. */
  more: boolean;
  loadMore(): void;
  loadingMore: boolean;
  /** Starts again from the first page (after a change). */
  reload(): Promise<void>;
}

/** A cursor-paged list of the API: the first page at once, the next ones on request; again from the start when `key` changes. */
export function usePages<T>(load: (cursor: string | undefined) => Promise<Page<T>>, key = ""): Pages<T> {
  const [extra, setExtra] = useState<{ rows: T[]; cursor: string | null } | null>(null);
  const first = useLoad(async () => {
    const page = await load(undefined);
    setExtra(null);
    return page;
  }, key);
  const next = useAction(async () => {
    const cursor = extra ? extra.cursor : first.data?.nextCursor;
    if (!cursor) return;
    const page = await load(cursor);
    setExtra({ rows: [...(extra?.rows ?? []), ...page.data], cursor: page.nextCursor });
  });
  const cursor = extra ? extra.cursor : (first.data?.nextCursor ?? null);
  return {
    rows: first.data ? [...first.data.data, ...(extra?.rows ?? [])] : null,
    failure: first.failure ?? next.failure,
    loading: first.loading,
    more: cursor !== null,
    loadMore: () => void next.run(),
    loadingMore: next.busy,
    reload: first.reload,
  };
}
