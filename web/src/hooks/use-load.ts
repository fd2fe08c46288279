import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure } from "../api/failure";

export interface Loaded<T> {
  data: T | null;
  failure: ApiFailure | null;
  loading: boolean;
  /** Loads again, keeping what is shown until the new answer arrives. */
  reload(): Promise<void>;
  /** Replaces what is shown (after a change the page made itself). */
  setData(data: T): void;
}

/**
 * Loads what a page shows, and again when `key` changes (the id of what is shown); a stale answer never
 * overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, key = ""): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  const run = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const result = await loader.current();
      if (ticket !== latest.current) return;
      setData(result);
      setFailure(null);
    } catch (err) {
      if (ticket !== latest.current) return;
      setFailure(err instanceof ApiFailure ? err : new ApiFailure(0, "bad_answer", String(err), {}, null));
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is new data to load.
  useEffect(() => {
    void run();
  }, [run, key]);
  return { data, failure, loading, reload: run, setData };
}

/** Runs one action (a form's submit, a button): its failure and whether it is under way. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const run = async (...args: A): Promise<R | undefined> => {
    setBusy(true);
    setFailure(null);
    try {
      return await action(...args);
    } catch (err) {
      setFailure(err instanceof ApiFailure ? err : new ApiFailure(0, "bad_answer", String(err), {}, null));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, failure, clear: () => setFailure(null) };
}
