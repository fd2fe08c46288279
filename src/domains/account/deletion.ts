import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import type { DomainServices } from "../services.js";

/** `accounts.deletion_status`: a live account is `active`; deletion passes through `pending_deletion`. */
export const DELETION_STATUS = {
  active: "active",
  pending: "pending_deletion",
  deleted: "deleted",
} as const;

/**
 * Why an account's credentials no longer work, or null for a live account. Any state other than
 * `active` refuses (an unknown one too): `deleted` is account_deleted, the rest account_pending_deletion.
 */
export function deletionRefusal(status: string): ApiError | null {
  if (status === DELETION_STATUS.active) return null;
  return new ApiError(status === DELETION_STATUS.deleted ? "account_deleted" : "account_pending_deletion");
}

/**
 * Starts deleting an account: from this moment every API key and session of it is refused (403
 * account_pending_deletion), in this process at once (its cached lookups are dropped) and in every
 * other within the credential cache's lifetime (each lookup reads the account's state).
 *
 * No operation calls it yet: a later account-deletion operation will, and tests drive it meanwhile.
 * Kept on purpose; `@public` tells the dead-code check (knip) so.
 *
 * @public
 */
export async function beginAccountDeletion(deps: Pick<DomainServices, "db" | "clock" | "auth">, accountId: string) {
  await deps.db.kysely
    .updateTable("accounts")
    .set({ deletion_status: DELETION_STATUS.pending, updated_at: iso(deps.clock.now()) })
    .where("id", "=", accountId)
    .where("deletion_status", "=", DELETION_STATUS.active)
    .execute();
  deps.auth.forgetAccount(accountId);
}
