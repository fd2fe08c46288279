import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileValidator } from "../../src/http/validation.js";
import { CampaignDocumentSchema } from "../../src/pipelines/marketing/campaign/schema.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type MarketingSite, startMarketingSite } from "../support/marketing-sites.js";
import { seedRender } from "../support/source-jobs.js";

// The whole marketing path on real parts: the SaaS fixture scanned by the real scanner, a generation run
// by the real job (story, festival measuring the narration, Chromium drawing a still per scene), a project,
// a sentence edit dry and for real, an undo, the revisions listed. SQLite only (CI has 2 cores); the
// operations' rules on both databases are in marketing-projects.test.ts.
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");
const SLOW = 180_000;

browserOnly("a marketing video from a scanned site, edited by sentence", () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness["user"]>>;
  let saas: MarketingSite;
  let sourceId: string;
  beforeAll(async () => {
    saas = await startMarketingSite("saas");
    h = await Harness.start({
      config: {
        allowPrivateHosts: ["127.0.0.1"],
        scan: { extraPages: 1, pageTimeoutMs: 10_000, scanTimeoutMs: 60_000 },
      },
      rateStore: "memory",
    });
    user = await h.user();
    const created = await h.request("POST", "/marketing/sources", {
      token: user.key,
      idempotencyKey: idem(),
      body: { url: `${saas.url}/` },
    });
    sourceId = created.body.id as string;
    await h.drain();
  }, SLOW);
  afterAll(async () => {
    await h?.close();
    await saas?.close();
  });

  const post = (path: string, body: unknown) =>
    h.request("POST", path, { token: user.key, idempotencyKey: idem(), body });
  const fetchArtifact = async (url: string) => {
    const res = await h.app.inject({ method: "GET", url: url.replace(h.deps.config.publicUrl, "") });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it(
    "generates a 30 s feature highlight, makes it a project, edits it by sentence and goes back",
    async () => {
      const request = { sourceId, templateId: "feature-highlight", seconds: 30 };
      const checked = await post("/marketing/generations/preflight", request);
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(checked.body.missing).toEqual([]);
      expect(checked.body.ready).toBe(true);
      expect(checked.body.plan.scenes.map((s: { kind: string }) => s.kind)).toEqual([
        "hook",
        "feature",
        "proof",
        "call_to_action",
      ]);

      const started = await post("/marketing/generations", request);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await h.drain();
      const generation = (await h.request("GET", `/marketing/generations/${started.body.id}`, { token: user.key }))
        .body;
      expect(generation.state, JSON.stringify(generation.error)).toBe("succeeded");
      const events = await h.deps.db.kysely
        .selectFrom("webhook_events")
        .select("type")
        .where("account_id", "=", user.id)
        .orderBy("created_at")
        .execute();
      expect(events.map((e) => e.type)).toEqual(["marketing.source.succeeded", "marketing.generation.succeeded"]);
      const artifacts = generation.result.artifacts as { type: string; url: string }[];
      const campaign = JSON.parse((await fetchArtifact(artifacts[0]?.url ?? "")).toString("utf8"));
      expect(artifacts[0]?.type).toBe("campaign");
      expect(compileValidator("body", CampaignDocumentSchema)(campaign)).toEqual([]);
      const scenes = campaign.story.scenes as { kind: string; seconds: number; narration: string }[];
      expect(artifacts.filter((a) => a.type === "preview")).toHaveLength(scenes.length);
      const png = await fetchArtifact(artifacts[1]?.url ?? "");
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(scenes.reduce((sum, s) => sum + s.seconds, 0)).toBeCloseTo(30, 1);
      for (const s of scenes) expect(s.narration.length).toBeGreaterThan(0);

      const project = await post("/marketing/projects", { generationId: generation.id });
      expect(project.status, JSON.stringify(project.body)).toBe(201);
      expect(project.body).toMatchObject({ latestRevision: 1, sourceId, sourceVersion: 1 });
      expect(project.body.revision).toMatchObject({ number: 1, origin: { kind: "generation" }, document: campaign });
      const id = project.body.id as string;

      const instruction = "make it 15 seconds, remove the proof scene and change the call to action to 'Start free'";
      const dry = await post(`/marketing/projects/${id}/edits`, { expectedRevision: 1, instruction, dryRun: true });
      expect(dry.status, JSON.stringify(dry.body)).toBe(200);
      expect(dry.body.revision).toBeNull();
      expect(dry.body.changes).toHaveLength(3);
      const unchanged = await h.request("GET", `/marketing/projects/${id}`, { token: user.key });
      expect(unchanged.body.latestRevision).toBe(1);

      const edited = await post(`/marketing/projects/${id}/edits`, { expectedRevision: 1, instruction });
      expect(edited.status, JSON.stringify(edited.body)).toBe(201);
      expect(edited.body.document).toEqual(dry.body.document);
      const v2 = edited.body.revision;
      expect(v2).toMatchObject({ number: 2, origin: { kind: "edit", instruction } });
      expect(v2.document.export.seconds).toBe(15);
      const byKind = (doc: typeof campaign, kind: string) =>
        doc.story.scenes.find((s: { kind: string }) => s.kind === kind);
      expect(byKind(v2.document, "proof").hidden).toBe(true);
      expect(byKind(v2.document, "call_to_action").cta.text).toBe("Start free");
      // Exactly those changes: the rest of the document is revision 1's, scene lengths rescaled to 15 s.
      const { story: s1, export: e1, ...rest1 } = campaign;
      const { story: s2, export: e2, ...rest2 } = v2.document;
      expect(rest2).toEqual(rest1);
      expect({ ...e2, seconds: e1.seconds }).toEqual(e1);
      expect(s2.coverText).toBe(s1.coverText);
      // A 15 s video cannot say everything the 30 s one did: a line may lose its last sentences, and the
      // length's change says so.
      s2.scenes.forEach((scene: Record<string, unknown>, i: number) => {
        const before = s1.scenes[i];
        expect(before.narration.startsWith(scene.narration as string)).toBe(true);
        const same = {
          ...scene,
          seconds: before.seconds,
          hidden: before.hidden,
          cta: before.cta,
          narration: before.narration,
        };
        expect(same).toEqual(before);
      });

      const undone = await post(`/marketing/projects/${id}/edits`, { expectedRevision: 2, instruction: "undo" });
      expect(undone.status, JSON.stringify(undone.body)).toBe(201);
      expect(undone.body.revision).toMatchObject({ number: 3, origin: { kind: "revert", revertedTo: 1 } });
      expect(undone.body.revision.document).toEqual(campaign);

      const list = await h.request("GET", `/marketing/projects/${id}/revisions`, { token: user.key });
      expect(list.status).toBe(200);
      expect(list.body.data.map((r: { number: number }) => r.number)).toEqual([1, 2, 3]);
      console.log(JSON.stringify({ changes: edited.body.changes, narration: scenes.map((s) => s.narration) }, null, 1));
    },
    SLOW,
  );

  it(
    "shows a walkthrough render's range as the reveal's footage in the demo tour",
    async () => {
      const renderId = await seedRender(h, user.id);
      const demo = { renderId, fromSeconds: 2, toSeconds: 9 };
      const started = await post("/marketing/generations", { sourceId, templateId: "demo-tour", seconds: 30, demo });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await h.drain();
      const generation = (await h.request("GET", `/marketing/generations/${started.body.id}`, { token: user.key }))
        .body;
      expect(generation.state, JSON.stringify(generation.error)).toBe("succeeded");
      const campaign = JSON.parse((await fetchArtifact(generation.result.artifacts[0].url)).toString("utf8"));
      const reveal = campaign.story.scenes.find((s: { kind: string }) => s.kind === "reveal");
      expect(reveal.visual).toEqual({ type: "footage", ...demo });
    },
    SLOW,
  );
});
