import type { Deps } from "../../deps.js";
import type { CredentialsPort } from "../../pipelines/walkthrough/credentials.js";
import { useCredentials } from "./credentials.js";

/** Walkthrough runs open demo credentials from the sealed store (never from their stored input). */
export function storedCredentials(deps: Pick<Deps, "db" | "vault" | "clock">): CredentialsPort {
  return { use: (ownerId) => useCredentials(deps, ownerId) };
}
