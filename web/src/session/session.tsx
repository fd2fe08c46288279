import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { call, provideCredentials } from "../api/client";
import type { AccountInfo } from "../api/types";
import { forgetSession, keepSession, sessionToken } from "./token-store";

export type SessionStatus = "checking" | "signed-in" | "signed-out";

export interface Session {
  status: SessionStatus;
  /** The signed-in person's account, wallet and credential (GET /account). */
  account: AccountInfo | null;
  /** The session ended while the person was working (a 401): sign-in says so, then returns them. */
  endedMidway: boolean;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** Reads the account again (after a change elsewhere in the app). */
  refresh(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

let sessionEnded: () => void = () => {};
provideCredentials({
  token: sessionToken,
  ended: () => {
    forgetSession();
    sessionEnded();
  },
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>(sessionToken() ? "checking" : "signed-out");
  const [account, setAccount] = useState<AccountInfo | null>(null);
  const [endedMidway, setEndedMidway] = useState(false);

  useEffect(() => {
    sessionEnded = () => {
      setAccount(null);
      setEndedMidway(true);
      setStatus("signed-out");
    };
  }, []);

  const refresh = useCallback(async () => {
    setAccount(await call("account.get", {}));
    setStatus("signed-in");
  }, []);

  // A reload with a stored token: check it is still good (a 401 ends it through the client).
  useEffect(() => {
    if (status === "checking") refresh().catch(() => setStatus(sessionToken() ? "signed-in" : "signed-out"));
  }, [status, refresh]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      keepSession(await call("auth.createSession", { body: { email, password } }));
      setEndedMidway(false);
      await refresh();
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    try {
      await call("auth.deleteCurrentSession", {});
    } finally {
      forgetSession();
      setAccount(null);
      setEndedMidway(false);
      setStatus("signed-out");
    }
  }, []);

  const value = useMemo(
    () => ({ status, account, endedMidway, signIn, signOut, refresh }),
    [status, account, endedMidway, signIn, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
}
