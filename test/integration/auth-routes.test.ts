import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness } from "../../src/testutil/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
});
afterAll(() => h.close());

const signup = (body: unknown) => h.request("POST", "/auth/signup", { body });
const signin = (email: string, password: string) => h.request("POST", "/auth/sessions", { body: { email, password } });
const tokenFromMail = (to: string) => {
  const mail = [...h.mail].reverse().find((m) => m.to === to);
  return /token=(ver_[0-9A-Za-z]+)/.exec(mail?.text ?? "")?.[1] as string;
};

describe("dashboard sign-up, sign-in, verification, sign-out", () => {
  it("signs up with free seconds, verifies by the mailed link, signs in and out", async () => {
    const res = await signup({ email: "Ada@Example.com", password: "analytical-engine", name: "Ada" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email: "ada@example.com", verificationSent: true });

    const session = await signin("ada@example.com", "analytical-engine");
    expect(session.status).toBe(201);
    expect(session.body.token).toMatch(/^sess_[0-9A-Za-z]{40}$/);
    expect(Date.parse(session.body.expiresAt) - h.clock.now().getTime()).toBe(7 * 86_400_000);
    const token = session.body.token;

    const before = await h.request("GET", "/account", { token });
    expect(before.body.account.emailVerified).toBe(false);
    expect(before.body.wallet).toMatchObject({ freeSeconds: 60, planActive: false });

    const verify = await h.request("POST", "/auth/verify-email", { body: { token: tokenFromMail("ada@example.com") } });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ emailVerified: true });
    expect((await h.request("GET", "/account", { token })).body.account.emailVerified).toBe(true);

    const out = await h.request("DELETE", "/auth/sessions/current", { token });
    expect(out.status).toBe(204);
    const after = await h.request("GET", "/account", { token });
    expect(after.status).toBe(401);
    expect(after.body.error.details.reason).toBe("unknown_session");
  });

  it("answers a taken email as a new one (its owner is told by mail); refuses a short password and unknown fields", async () => {
    const first = await signup({ email: "taken@example.com", password: "long enough", name: "T" });
    const again = await signup({ email: "TAKEN@example.com", password: "another password", name: "Mallory" });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const mails = h.mail.filter((m) => m.to === "taken@example.com");
    expect(mails.map((m) => m.subject)).toEqual([
      "Verify your Clipwright email address",
      "Someone tried to create a Clipwright account with your address",
    ]);
    // The account is unchanged: the first password still signs in, the second does not.
    expect((await signin("taken@example.com", "long enough")).status).toBe(201);
    expect((await signin("taken@example.com", "another password")).status).toBe(401);
    const short = await signup({ email: "s@example.com", password: "short", name: "S" });
    expect(short.body.error.details.issues[0]).toMatchObject({ path: "body.password", code: "min_length" });
    const extra = await signup({ email: "e@example.com", password: "long enough", name: "E", role: "admin" });
    expect(extra.body.error.details.issues[0]).toMatchObject({ path: "body.role", code: "unknown_field" });
    const email = await signup({ email: "not-an-email", password: "long enough", name: "E" });
    expect(email.body.error.details.issues[0]).toMatchObject({ path: "body.email", code: "format" });
  });

  it("refuses a wrong password or unknown email alike, counting the failure per IP", async () => {
    await signup({ email: "pw@example.com", password: "right password", name: "P" });
    const wrong = await signin("pw@example.com", "wrong password");
    const unknown = await signin("nobody@example.com", "right password");
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error.details.reason).toBe("invalid_credentials");
      expect(res.body.error.message).not.toContain("pw@example.com");
    }
    expect(Number(unknown.headers["ratelimit-remaining"])).toBe(Number(wrong.headers["ratelimit-remaining"]) - 1);
  });

  it("refuses unknown and expired verification tokens", async () => {
    const unknown = await h.request("POST", "/auth/verify-email", { body: { token: "ver_nope" } });
    expect(unknown.status).toBe(404);
    await signup({ email: "late@example.com", password: "long enough", name: "L" });
    const token = tokenFromMail("late@example.com");
    h.clock.advance(48 * 3600_000 + 1);
    const expired = await h.request("POST", "/auth/verify-email", { body: { token } });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe("expired");
    h.clock.advance(-(48 * 3600_000 + 1));
  });

  it("signs out only with a session", async () => {
    const u = await h.user();
    const res = await h.request("DELETE", "/auth/sessions/current", { token: u.key });
    expect(res.status).toBe(403);
    expect(res.body.error.details.allowedActors).toEqual(["session"]);
    expect((await h.request("DELETE", "/auth/sessions/current")).status).toBe(401);
  });
});
