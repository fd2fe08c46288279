import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness } from "../../src/testutil/harness.js";

// The verification mail's link must open a page the service serves. Opening it must not use the
// token up (mail scanners and link previews fetch links); the page's button does.

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory", workers: false });
});
afterAll(() => h.close());

/** Signs up through the API and returns the link of the mail the service sent. */
async function signUpAndGetLink(email: string): Promise<URL> {
  const res = await h.request("POST", "/auth/signup", { body: { email, password: "long enough pw", name: "V" } });
  expect(res.status).toBeLessThan(300); // accepted: a mail is on its way
  const mail = [...h.mail].reverse().find((m) => m.to === email);
  const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0];
  expect(link).toBeDefined();
  return new URL(link as string);
}

const open = (url: URL) => h.app.inject({ method: "GET", url: url.pathname + url.search });

/** What a browser does with the page's form: post its fields, form-encoded, to its action. */
async function submitForm(page: URL, html: string) {
  const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1];
  expect(action).toBeDefined();
  const hidden = /<input type="hidden" name="([^"]+)" value="([^"]*)">/g;
  const fields = [...html.matchAll(hidden)].map(([, name, value]) => [name, value] as [string, string]);
  const target = new URL(action as string, page);
  return h.app.inject({
    method: "POST",
    url: target.pathname + target.search,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
}

const verified = async (email: string) =>
  (
    await h.db.kysely
      .selectFrom("accounts")
      .select("email_verified")
      .where("email", "=", email)
      .executeTakeFirstOrThrow()
  ).email_verified;

describe("the verification link", () => {
  it("opens a page whose button verifies the address; opening it alone does not", async () => {
    const email = "page@example.com";
    const link = await signUpAndGetLink(email);
    expect(link.pathname).toBe("/verify-email");

    const page = await open(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain("script-src");
    expect(page.body).not.toContain("<script");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");

    // A prefetch (or two) leaves the token usable and the address unverified.
    expect((await open(link)).statusCode).toBe(200);
    expect(await verified(email)).toBeFalsy();

    const done = await submitForm(link, page.body);
    expect(done.statusCode).toBe(200);
    expect(done.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(done.body).toContain("Address verified");
    expect(await verified(email)).toBeTruthy();

    // The token is used up: the same button again says so.
    const again = await submitForm(link, page.body);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain("This link is not valid");
  });

  it("says so when the link has expired (48 hours)", async () => {
    const link = await signUpAndGetLink("late@example.com");
    const page = await open(link);
    h.clock.advance(48 * 3600_000 + 1000);
    const res = await submitForm(link, page.body);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain("This link has expired");
    expect(await verified("late@example.com")).toBeFalsy();
  });

  it("answers a link without a usable token with a 404 page, echoing nothing", async () => {
    const missing = await h.app.inject({ method: "GET", url: "/verify-email" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toBe("text/html; charset=utf-8");
    const odd = await h.app.inject({ method: "GET", url: "/verify-email?token=%3Cscript%3Ealert(1)%3C/script%3E" });
    expect(odd.statusCode).toBe(404);
    expect(odd.body).not.toContain("<script");
    const unknown = await h.app.inject({
      method: "POST",
      url: "/verify-email",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "token=ver_doesnotexist",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("This link is not valid");
  });

  it("takes the form only form-encoded; the API keeps refusing form bodies", async () => {
    const json = await h.app.inject({
      method: "POST",
      url: "/verify-email",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ token: "ver_x" }),
    });
    expect(json.statusCode).toBe(415);
    const api = await h.app.inject({
      method: "POST",
      url: "/api/v1/auth/verify-email",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "token=ver_x",
    });
    expect(api.statusCode).toBe(415);
  });
});
