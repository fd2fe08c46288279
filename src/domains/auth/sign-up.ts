import { ApiError } from "../../contract/errors.js";
import { createAccount } from "../account/create-account.js";
import { findAccountByEmail, normalizeEmail } from "../account/store.js";
import type { DomainServices } from "../services.js";
import { sendVerification } from "./email-verification.js";

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
}

type SignUpDeps = Pick<DomainServices, "db" | "clock" | "auth" | "config" | "mailer" | "passwords" | "authThrottle">;

/**
 * Sign-up that does not tell whether the address already has an account: the caller gets the same
 * answer after the same work (one password hash) either way. A new address gets its account, the
 * sign-up gift and a verification link; an address that has an account is left unchanged and its
 * owner is told by mail that someone tried (at most once an hour).
 */
export async function signUp(deps: SignUpDeps, input: SignUpInput): Promise<{ email: string }> {
  const email = normalizeEmail(input.email);
  if (!(await findAccountByEmail(deps.db.kysely, email))) {
    try {
      const account = await createAccount(deps, { ...input, freeSeconds: deps.config.signupFreeSeconds });
      await sendVerification(deps, account);
      return { email: account.email };
    } catch (err) {
      // Another sign-up took the address meanwhile (the password was hashed already): as if it existed.
      if (!(err instanceof ApiError && err.code === "conflict")) throw err;
      await noticeToOwner(deps, email);
      return { email };
    }
  }
  await deps.passwords.hash(input.password); // the work a new account costs, so timing tells nothing
  await noticeToOwner(deps, email);
  return { email };
}

async function noticeToOwner(deps: SignUpDeps, email: string): Promise<void> {
  if (!(await deps.authThrottle.firstNoticeThisHour(email))) return;
  await deps.mailer.send({
    to: email,
    subject: "Someone tried to create a Clipwright account with your address",
    text: [
      "Someone, perhaps you, tried to create a Clipwright account with this address, which already has one.",
      `If it was you, sign in instead: ${deps.config.publicUrl}`,
      "If it was not, you can ignore this mail: nothing about your account changed.",
    ].join("\n\n"),
  });
}
