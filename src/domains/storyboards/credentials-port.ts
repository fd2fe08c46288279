import type { CredentialsPort } from "../../pipelines/walkthrough/credentials.js";
import type { DomainServices } from "../services.js";
import { useCredentials } from "./credentials.js";

/** Walkthrough runs open demo credentials from the sealed store (never from their stored input). */
export function storedCredentials(deps: Pick<DomainServices, "db" | "vault" | "clock">): CredentialsPort {
  return { use: (ownerId) => useCredentials(deps, ownerId) };
}
