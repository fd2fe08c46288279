import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { DEMO_EMAIL, DEMO_PASSWORD, type Site, startSite } from "../support/site-server.js";
import { staticResolver } from "../support/static-resolver.js";

/** POST /storyboards/hint/improve, POST /storyboards/suggestions, and storyboards planned signed in. */

const RESOLVER = staticResolver({ "private.example": ["10.0.0.5"] });
const CONFIG = { allowPrivateHosts: ["127.0.0.1"] };

let h: Harness;
let site: Site;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  site = await startSite();
  h = await Harness.start({ config: CONFIG, resolver: RESOLVER, rateStore: "memory" });
  user = await h.user();
});
afterAll(async () => {
  await h.close();
  await site.close();
});

const improve = (body: unknown) => h.request("POST", "/storyboards/hint/improve", { token: user.key, body });
const suggest = (body: unknown) => h.request("POST", "/storyboards/suggestions", { token: user.key, body });

describe("POST /storyboards/hint/improve", () => {
  it("rewrites a hint into ordered steps (synchronous, nothing stored)", async () => {
    const res = await improve({ hint: "  please show the pricing page, then the features and then sign up  " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hint: "Show the pricing page first, then the features, then sign up.",
      original: "please show the pricing page, then the features and then sign up",
      steps: ["the pricing page", "the features", "sign up"],
      changes: expect.arrayContaining([expect.any(String)]),
    });
    expect((await h.request("GET", "/storyboards", { token: user.key })).body.data).toEqual([]);
  });

  const refusals: [string, unknown, number, string][] = [
    ["a missing hint", {}, 400, "hint_required"],
    ["an empty hint", { hint: "   " }, 400, "hint_required"],
    ["a two-character hint", { hint: "ab" }, 400, "hint_required"],
    ["a hint over 1000", { hint: "x".repeat(1001) }, 400, "hint_too_long"],
    ["a hint already as good as the rules make it", { hint: "Show pricing." }, 422, "hint_improve_failed"],
    ["a hint of filler only", { hint: "please, thank you" }, 422, "hint_improve_failed"],
    ["an unknown field", { hint: "show pricing", tone: "fun" }, 400, "validation_failed"],
  ];
  for (const [name, body, status, code] of refusals) {
    it(`refuses ${name}: ${status} ${code}`, async () => {
      const res = await improve(body);
      expect([res.status, res.body.error.code]).toEqual([status, code]);
    });
  }

  it("needs storyboards:write (403 forbidden_scope)", async () => {
    const reader = await h.key(user.id, ["storyboards:read"]);
    const res = await h.request("POST", "/storyboards/hint/improve", {
      token: reader.secret,
      body: { hint: "show pricing" },
    });
    expect([res.status, res.body.error.code]).toEqual([403, "forbidden_scope"]);
  });
});

describe("POST /storyboards/suggestions", () => {
  it("reads the start page and suggests hints a storyboard accepts", async () => {
    const res = await suggest({ url: `${site.url}/` });
    expect(res.status).toBe(200);
    expect(res.body.siteName).toBe("Acme Analytics");
    expect(res.body.suggestions.map((s: { focus: string }) => s.focus)).toEqual(
      expect.arrayContaining(["overview", "page", "action", "signin"]),
    );
    const first = res.body.suggestions[0].hint as string;
    expect(first).toMatch(/^Show the home page first, then /);
  });

  const refusals: [string, unknown, string][] = [
    ["an unparseable url", { url: "nope" }, "url_malformed"],
    ["a private address", { url: "https://private.example/" }, "url_private"],
    ["an unresolvable host", { url: "https://nowhere.example/" }, "url_invalid"],
    ["a page that answers 404", { url: "SITE/missing-page" }, "url_invalid"],
    ["a public platform", { url: "https://www.tiktok.com/" }, "site_not_allowed"],
    ["a missing url", {}, "validation_failed"],
  ];
  for (const [name, body, code] of refusals) {
    it(`refuses ${name}: 400 ${code}`, async () => {
      const sent = JSON.parse(JSON.stringify(body).replace("SITE", site.url));
      const res = await suggest(sent);
      expect([res.status, res.body.error.code]).toEqual([400, code]);
    });
  }
});

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("storyboards planned signed in", () => {
  it("signs in with demo credentials, plans the dashboard, and a render reuses the stored credentials", {
    timeout: 90_000,
  }, async () => {
    const res = await h.request("POST", "/storyboards", {
      token: user.key,
      idempotencyKey: idem(),
      body: {
        url: `${site.url}/`,
        credentials: { loginUrl: `${site.url}/signin`, username: DEMO_EMAIL, password: DEMO_PASSWORD },
      },
    });
    expect(res.status).toBe(202);
    const stored = await h.deps.db.kysely
      .selectFrom("jobs")
      .select("input")
      .where("id", "=", res.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.input).not.toContain(DEMO_PASSWORD);
    expect(JSON.parse(stored.input).signIn).toEqual({ loginUrl: `${site.url}/signin`, additionalLoginOrigins: [] });
    await h.drain();
    const sb = (await h.request("GET", `/storyboards/${res.body.id}`, { token: user.key })).body;
    expect(sb.error).toBeNull();
    expect(sb.state).toBe("succeeded");
    const url = sb.result.artifacts.find((a: { type: string }) => a.type === "storyboard").url as string;
    const plan = JSON.parse(
      (await h.app.inject({ method: "GET", url: url.replace(h.deps.config.publicUrl, "") })).body,
    );
    expect(plan.signedIn).toBe(true);
    expect(plan.beats.some((b: { url: string }) => b.url.includes("/dashboard"))).toBe(true);
    expect(site.signIns).toBeGreaterThanOrEqual(1);

    const render = await h.request("POST", `/storyboards/${res.body.id}/renders`, {
      token: user.key,
      idempotencyKey: idem(),
    });
    expect(render.status).toBe(202);
    expect(render.body.credentialSource).toBe("storyboard");
    await h.request("POST", `/renders/${render.body.resource.id}/cancel`, {
      token: user.key,
      idempotencyKey: idem(),
      body: {},
    });
    await h.drain();
  });

  it("fails the storyboard with credentials_required when the site refuses them", { timeout: 60_000 }, async () => {
    const res = await h.request("POST", "/storyboards", {
      token: user.key,
      idempotencyKey: idem(),
      body: {
        url: `${site.url}/`,
        credentials: { loginUrl: `${site.url}/signin`, username: DEMO_EMAIL, password: "wrong-password" },
      },
    });
    await h.drain();
    const sb = (await h.request("GET", `/storyboards/${res.body.id}`, { token: user.key })).body;
    expect(sb.state).toBe("failed");
    expect(sb.error).toMatchObject({ code: "credentials_required", retryable: false });
    expect(JSON.stringify(sb)).not.toContain("wrong-password");
  });
});
