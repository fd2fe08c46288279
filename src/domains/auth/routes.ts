import { Type } from "@sinclair/typebox";
import type { PublicRoute } from "../../http/public-route.js";
import { createAccount } from "../account/create-account.js";
import { sendVerification, verifyEmailToken } from "./email-verification.js";
import { PASSWORD_MAX, PASSWORD_MIN } from "./passwords.js";
import { signIn } from "./sessions.js";
import { deleteSession } from "./sessions-store.js";

const Email = Type.String({ minLength: 3, maxLength: 254 });
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
const Session = Type.Object(
  { token: Type.String({ pattern: "^sess_" }), expiresAt: Type.String({ format: "date-time" }) },
  { additionalProperties: false },
);

export const AUTH_ROUTES: PublicRoute[] = [
  {
    id: "auth.signup",
    method: "POST",
    path: "/auth/signup",
    summary: "Create an account",
    description:
      "Creates an account with the sign-up gift of free (watermarked) seconds and mails a verification link.",
    auth: "none",
    body: Type.Object(
      { email: Email, password: Password, name: Type.String({ minLength: 1, maxLength: 120 }) },
      { additionalProperties: false },
    ),
    responses: {
      201: Type.Object(
        {
          account: Type.Object(
            { id: Type.String(), email: Type.String(), name: Type.String(), emailVerified: Type.Boolean() },
            { additionalProperties: false },
          ),
          verificationSent: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
    },
    async handler({ body, deps }) {
      const input = body as { email: string; password: string; name: string };
      const account = await createAccount(deps, { ...input, freeSeconds: deps.config.signupFreeSeconds });
      await sendVerification(deps, account);
      return {
        status: 201,
        body: {
          account: { id: account.id, email: account.email, name: account.name, emailVerified: false },
          verificationSent: true,
        },
      };
    },
  },
  {
    id: "auth.createSession",
    method: "POST",
    path: "/auth/sessions",
    summary: "Sign in",
    description:
      "Exchanges email and password for a dashboard session token (`sess_…`), accepted only as a Bearer token.",
    auth: "none",
    body: Type.Object(
      { email: Email, password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
      { additionalProperties: false },
    ),
    responses: { 201: Session },
    async handler({ body, deps }) {
      const { email, password } = body as { email: string; password: string };
      return { status: 201, body: await signIn(deps, email, password) };
    },
  },
  {
    id: "auth.deleteCurrentSession",
    method: "DELETE",
    path: "/auth/sessions/current",
    summary: "Sign out",
    description: "Ends the session whose token authenticates this request.",
    auth: "session",
    responses: { 204: Type.Null() },
    async handler({ deps, session }) {
      if (session) await deleteSession(deps.db.kysely, session.sessionId);
      deps.auth.forgetAll();
      return { status: 204, body: null };
    },
  },
  {
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
      await verifyEmailToken(deps, (body as { token: string }).token);
      return { status: 200, body: { emailVerified: true } };
    },
  },
];
