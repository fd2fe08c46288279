import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_MATCH } from "../../src/pipelines/walkthrough/intent-plan.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type AdminSite, startAdminSite } from "../support/admin-site-server.js";
import { type LandingSite, startLandingSite } from "../support/landing-site-server.js";

/**
 * The hint steers the plan on the fixture sites: the admin app's sidebar pages and its table search, the
 * landing page's #anchor sections, in the asked order; an intent nothing matches is a warning in the plan.
 * Real Chromium and HTTP on loopback: sqlite project only.
 */

interface Beat {
  id: string;
  action: string;
  target: { role?: string; name?: string; css?: string } | null;
  url: string;
  value?: string;
  narration: string;
}
interface Plan {
  hint: string;
  beats: Beat[];
  warnings: { intent: string; reason: string }[];
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("storyboards steered by the hint", () => {
  let h: Harness;
  let admin: AdminSite;
  let landing: LandingSite;
  let user: Awaited<ReturnType<Harness["user"]>>;

  beforeAll(async () => {
    [admin, landing] = await Promise.all([startAdminSite(), startLandingSite()]);
    h = await Harness.start({ config: { allowPrivateHosts: ["127.0.0.1"] }, rateStore: "memory" });
    user = await h.user();
  });
  afterAll(async () => {
    await h?.close();
    await Promise.all([admin?.close(), landing?.close()]);
  });

  /** Plans a storyboard and answers its plan and screenshot count once it succeeded. */
  async function plan(body: Record<string, unknown>): Promise<{ plan: Plan; shots: number }> {
    const res = await h.request("POST", "/storyboards", { token: user.key, idempotencyKey: idem(), body });
    expect(res.status).toBe(202);
    await h.drain();
    const sb = (await h.request("GET", `/storyboards/${res.body.id}`, { token: user.key })).body;
    expect(sb.error).toBeNull();
    expect(sb.state).toBe("succeeded");
    const artifacts = sb.result.artifacts as { type: string; url: string }[];
    const url = artifacts.find((a) => a.type === "storyboard")?.url ?? "";
    const file = await h.app.inject({ method: "GET", url: url.replace(h.deps.config.publicUrl, "") });
    return { plan: JSON.parse(file.body) as Plan, shots: artifacts.filter((a) => a.type === "screenshot").length };
  }

  const path = (b: Beat) => new URL(b.url).pathname;

  it("admin app: dashboard, charts, tables in that order, then London typed into the table's search box", {
    timeout: 120_000,
  }, async () => {
    const { plan: p, shots } = await plan({
      url: `${admin.url}/`,
      hint: "show the dashboard overview, then the charts page, then the tables page and search for London",
      credentials: { loginUrl: `${admin.url}/login`, username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(p.warnings).toEqual([]);
    expect(shots).toBe(p.beats.length);
    const at = (where: string) => p.beats.findIndex((b) => path(b) === where);
    expect(at("/")).toBe(0);
    // The welcome names the site, not the page its title also names ("Dashboard · Meridian Ops").
    expect(p.beats[0]?.narration).toMatch(/^Welcome to Meridian Ops\./);
    expect(at("/charts")).toBeGreaterThan(at("/"));
    expect(at("/tables")).toBeGreaterThan(at("/charts"));
    const typed = p.beats.find((b) => b.action === "type");
    expect(typed).toMatchObject({ value: "London", target: { role: "searchbox", css: "#tableSearch" } });
    expect(path(typed as Beat)).toBe("/tables");
    expect(p.beats.indexOf(typed as Beat)).toBe(at("/tables") + 1);
    // The sidebar's other page fills the plan; the log out link is never followed.
    expect(p.beats.some((b) => path(b) === "/logout")).toBe(false);
    expect(admin.logins).toBeGreaterThanOrEqual(1);
  });

  it("landing page: the features, pricing and FAQ sections as scroll beats in the asked order", {
    timeout: 60_000,
  }, async () => {
    const { plan: p } = await plan({ url: `${landing.url}/`, hint: "show the features, then pricing, then the FAQ" });
    expect(p.warnings).toEqual([]);
    expect(p.beats[0]).toMatchObject({ action: "navigate", target: null });
    // One page, no other title to compare: the part of "Harborline · The shared inbox…" the page repeats.
    expect(p.beats[0]?.narration).toMatch(/^Welcome to Harborline\./);
    // The asked sections in order (a card of one may follow its scroll).
    const scrolls = p.beats.filter((b) => b.action === "scroll").slice(0, 3);
    expect(p.beats[1]).toMatchObject({ action: "scroll" });
    expect(scrolls.map((b) => [b.action, b.target?.name])).toEqual([
      ["scroll", "We've got what your team needs"],
      ["scroll", "Simple pricing, per agent"],
      ["scroll", "Frequently asked questions"],
    ]);
    const views = p.beats.map((b) => `${b.action} ${b.target?.name ?? b.url}`);
    expect(new Set(views).size).toBe(views.length);
  });

  it("a 45-second storyboard fills its length with narration: speech plus lead-ins is 0.85–1 × 45 s, every intent planned", {
    timeout: 180_000,
  }, async () => {
    const T = 45;
    const fixtures = [
      {
        body: {
          url: `${admin.url}/`,
          hint: "show the dashboard overview, then the charts page, then the tables page and search for London",
          credentials: { loginUrl: `${admin.url}/login`, username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        },
        order: ["/", "/charts", "/tables"],
      },
      { body: { url: `${landing.url}/`, hint: "show the features, then the pricing, then the FAQ" }, order: ["/"] },
    ];
    for (const f of fixtures) {
      const { plan: p } = await plan({ ...f.body, targetSeconds: T });
      const estimate = p.beats.reduce((s, b) => s + (b as Beat & { estimatedSeconds: number }).estimatedSeconds, 0);
      expect(p.warnings, f.body.url).toEqual([]);
      // Each line has its lead-in and tail (0.8 s) around it; the plan leaves the render ~8 % for motion.
      const filled = estimate + 0.8 * p.beats.length;
      expect(filled, f.body.url).toBeGreaterThanOrEqual(0.85 * T);
      expect(filled, f.body.url).toBeLessThanOrEqual(T);
      const firsts = f.order.map((where) => p.beats.findIndex((b) => path(b) === where));
      expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
      const views = p.beats.map(
        (b) => `${path(b)} ${b.action} ${b.target?.name ?? b.target?.css ?? ""} ${b.value ?? ""}`,
      );
      expect(new Set(views).size).toBe(views.length);
      // Presenter lines, not templates: no "Scroll down to", no line without a sentence mark.
      for (const b of p.beats) expect(b.narration).not.toMatch(/Scroll down to|to see more|one part of it/);
    }
  });

  it("an intent nothing matches is a warning in the plan; the rest is still planned", { timeout: 60_000 }, async () => {
    const { plan: p } = await plan({ url: `${landing.url}/`, hint: "show the pricing, then the billing reports page" });
    expect(p.warnings).toEqual([{ intent: "the billing reports page", reason: NO_MATCH }]);
    expect(p.beats[1]).toMatchObject({ action: "scroll", target: { name: "Simple pricing, per agent" } });
  });
});
