import { Type } from "@sinclair/typebox";
import type { PublicRoute } from "../../http/public-route.js";
import { answer, created, ok } from "../../operations/define.js";
import { type DomainServices, definePublicRoute } from "../services.js";
import { verifyEmailToken } from "./email-verification.js";
import { PASSWORD_MAX, PASSWORD_MIN } from "./passwords.js";
import { signIn } from "./sessions.js";
import { deleteSession } from "./sessions-store.js";
import { signUp } from "./sign-up.js";

const Email = Type.String({ minLength: 3, maxLength: 254 });
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
const Session = Type.Object(
  { token: Type.String({ pattern: "^sess_" }), expiresAt: Type.String({ format: "date-time" }) },
  { additionalProperties: false },
);

export const AUTH_ROUTES: PublicRoute<DomainServices>[] = [
  definePublicRoute({
    id: "auth.signup",
    method: "POST",
    path: "/auth/signup",
    summary: "Create an account",
    description:
      "Creates an account with the sign-up gift of free (watermarked) seconds and mails a verification link. " +
      "The answer is the same whether or not the address already has an account (its owner is mailed a notice " +
      "instead, and the account is left unchanged): 202 means only that a mail is on its way. Limited per IP " +
      "address per hour (429 `rate_limited`, scope `hour`).",
    auth: "none",
    passwordWork: "hash",
    body: Type.Object(
      { email: Email, password: Password, name: Type.String({ minLength: 1, maxLength: 120 }) },
      { additionalProperties: false },
    ),
    responses: {
      202: Type.Object(
        {
          email: Type.String({ description: "The address as it will be used (trimmed, lower case)." }),
          verificationSent: Type.Literal(true),
        },
        { additionalProperties: false },
      ),
    },
    async handler({ body, deps, ip }) {
      const signup = await deps.authThrottle.consumeSignup(ip);
      try {
        const { email } = await signUp(deps, body);
        return answer(202, { email, verificationSent: true });
      } catch (err) {
        // Refused for what was sent or busy on our side: the try does not count against the hour.
        await signup.release();
        throw err;
      }
    },
  }),
  definePublicRoute({
    id: "auth.createSession",
    method: "POST",
    path: "/auth/sessions",
    summary: "Sign in",
    description:
      "Exchanges email and password for a dashboard session token (`sess_…`), accepted only as a Bearer token. " +
      "Each try counts against the IP address's unauthenticated failures until it succeeds; once they are spent, " +
      "429 before the password is checked. After repeated failures for one email (5 by default), from any address, " +
      "each further try must wait (by default 1 minute, doubling up to 15; 429 `rate_limited`, scope `email`), " +
      "and the password is not checked meanwhile; a success resets it.",
    auth: "none",
    passwordWork: "verify",
    body: Type.Object(
      { email: Email, password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
      { additionalProperties: false },
    ),
    responses: { 201: Session },
    async handler({ body, deps }) {
      return created(await signIn(deps, body.email, body.password));
    },
  }),
  definePublicRoute({
    id: "auth.deleteCurrentSession",
    method: "DELETE",
    path: "/auth/sessions/current",
    summary: "Sign out",
    description: "Ends the session whose token authenticates this request.",
    auth: "session",
    responses: { 204: Type.Null() },
    async handler({ deps, session }) {
      if (session) {
        await deleteSession(deps.db.kysely, session.sessionId);
        deps.auth.forgetSession(session.sessionId);
      }
      return answer(204, null);
    },
  }),
  definePublicRoute({
    id: "auth.verifyEmail",
    method: "POST",
    path: "/auth/verify-email",
    summary: "Verify an email address",
    description:
      "Consumes the token from the verification mail. Unknown token: 404 not_found; older than 48 hours: 410 expired.",
    auth: "none",
    body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
    responses: { 200: Type.Object({ emailVerified: Type.Literal(true) }, { additionalProperties: false }) },
    async handler({ body, deps }) {
      await verifyEmailToken(deps, body.token);
      return ok({ emailVerified: true });
    },
  }),
];
