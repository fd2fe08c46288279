import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type GeneratedProject, generatedProject } from "../support/marketing-project.js";

// Exports that succeed, on the real renderer (pipelines/marketing/export/export-job.ts): the job's
// artifacts, the download, the charge of the real length and the release of the rest, the event. SQLite
// only (CI has 2 cores); the operations' rules on both databases are in marketing-exports.test.ts.
const e2e = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");
const SLOW = 240_000;

e2e("a project exported to a video that succeeds", () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness["user"]>>;
  let project: GeneratedProject;
  let dir: string;
  beforeAll(async () => {
    h = await Harness.start({ rateStore: "memory" });
    user = await h.user();
    project = await generatedProject(h, user.key, user.id);
    dir = await mkdtemp(join(tmpdir(), "cw-export-"));
  }, SLOW);
  afterAll(async () => {
    await h?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const fetchFile = async (url: string): Promise<Buffer> => {
    const res = await h.app.inject({ method: "GET", url: url.replace(h.deps.config.publicUrl, "") });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const wallet = async () => (await h.request("GET", "/wallet", { token: user.key })).body;

  it(
    "renders the latest revision to an MP4 with poster, captions and quality report; charges its real length",
    async () => {
      const before = await wallet();
      const started = await h.request("POST", `/marketing/projects/${project.projectId}/exports`, {
        token: user.key,
        idempotencyKey: idem(),
        body: {},
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const id = started.body.resource.id as string;
      expect((await wallet()).reservedSeconds).toBe(before.reservedSeconds + 30);
      await h.drain();

      const done = (await h.request("GET", `/marketing/exports/${id}`, { token: user.key })).body;
      expect(done.state, JSON.stringify(done.error)).toBe("succeeded");
      expect(done.result.artifacts.map((a: { type: string }) => a.type).sort()).toEqual([
        "captions",
        "poster",
        "quality_report",
        "video",
      ]);
      const charged = done.cost.secondsCharged as number;
      expect(charged).toBeGreaterThan(0);
      expect(charged).toBeLessThanOrEqual(30);
      expect(charged).toBe(Math.min(30, Math.ceil(done.result.durationSeconds)));
      const after = await wallet();
      expect(after.reservedSeconds).toBe(before.reservedSeconds);
      expect(after.availableSeconds).toBe(before.availableSeconds - charged);

      const dl = await h.request("GET", `/marketing/exports/${id}/download`, { token: user.key });
      expect(dl.status, JSON.stringify(dl.body)).toBe(200);
      expect(dl.body).toMatchObject({ contentType: "video/mp4", durationSeconds: done.result.durationSeconds });
      const bytes = await fetchFile(dl.body.url);
      expect(bytes.length).toBe(dl.body.bytes);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(dl.body.sha256);
      const file = join(dir, "export.mp4");
      await writeFile(file, bytes);
      const info = await probe(file);
      expect(info.video).toMatchObject({ codec: "h264", width: 1920, height: 1080, pixFmt: "yuv420p" });
      expect(info.audio).toMatchObject({ codec: "aac", sampleRate: 48_000 });
      expect(Math.abs(info.durationSeconds - done.result.durationSeconds)).toBeLessThanOrEqual(0.1);

      const events = await h.deps.db.kysely
        .selectFrom("webhook_events")
        .select(["type", "body"])
        .where("account_id", "=", user.id)
        .where("type", "like", "marketing.export.%")
        .execute();
      expect(events.map((e) => e.type)).toEqual(["marketing.export.succeeded"]);
      const data = JSON.parse(events[0]?.body ?? "{}").data;
      expect(data).toMatchObject({ id, state: "succeeded", cost: { secondsCharged: charged } });

      const cancel = await h.request("POST", `/marketing/exports/${id}/cancel`, {
        token: user.key,
        idempotencyKey: idem(),
        body: {},
      });
      expect([cancel.status, cancel.body.error.code]).toEqual([409, "already_settled"]);
    },
    SLOW,
  );

  it(
    "exports a WebM and a watermarked free-tier MP4, each as its format says",
    async () => {
      const webm = await h.request("POST", `/marketing/projects/${project.projectId}/exports`, {
        token: user.key,
        idempotencyKey: idem(),
        body: { format: "webm", orientation: "portrait" },
      });
      expect(webm.status, JSON.stringify(webm.body)).toBe(202);
      await h.drain();
      const dl = await h.request("GET", `/marketing/exports/${webm.body.resource.id}/download`, { token: user.key });
      expect(dl.status, JSON.stringify(dl.body)).toBe(200);
      expect(dl.body.contentType).toBe("video/webm");
      const file = join(dir, "export.webm");
      await writeFile(file, await fetchFile(dl.body.url));
      const info = await probe(file);
      expect(info.video).toMatchObject({ codec: "vp9", width: 1080, height: 1920 });
      expect(info.audio?.codec).toBe("opus");

      const free = await h.user({ paid: false, freeSeconds: 300 });
      const theirs = await generatedProject(h, free.session, free.id);
      const started = await h.request("POST", `/marketing/projects/${theirs.projectId}/exports`, {
        token: free.session,
        idempotencyKey: idem(),
        body: {},
      });
      expect(started.body.resource.cost).toMatchObject({ secondsReserved: 0, watermark: true });
      await h.drain();
      const done = (await h.request("GET", `/marketing/exports/${started.body.resource.id}`, { token: free.session }))
        .body;
      expect(done.state, JSON.stringify(done.error)).toBe("succeeded");
      expect(done.cost.secondsCharged).toBe(0);
    },
    SLOW * 2,
  );
  /** Exports the project's latest revision to MP4 and answers the finished export and its video's bytes. */
  async function exportLatest(): Promise<{ done: Record<string, any>; video: Buffer; quality: Record<string, any> }> {
    const started = await h.request("POST", `/marketing/projects/${project.projectId}/exports`, {
      token: user.key,
      idempotencyKey: idem(),
      body: { format: "mp4" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await h.drain();
    const done = (await h.request("GET", `/marketing/exports/${started.body.resource.id}`, { token: user.key })).body;
    expect(done.state, JSON.stringify(done.error)).toBe("succeeded");
    const file = (type: string) => done.result.artifacts.find((a: { type: string }) => a.type === type).url as string;
    const video = await fetchFile(file("video"));
    const quality = JSON.parse((await fetchFile(file("quality_report"))).toString("utf8"));
    return { done, video, quality };
  }

  it(
    "gives the same bytes for the same revision, and after a copy edit redraws only the scene that changed",
    async () => {
      const first = await exportLatest();
      const again = await exportLatest();
      const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
      expect(sha(again.video)).toBe(sha(first.video));
      const scenes = first.quality.motion.scenes as number;
      // Everything drawn before: the same revision takes every scene's layers from the cache.
      expect(again.quality.export.cachedScenes).toBe(scenes);
      expect(again.quality.export.pixelLoops).toBe("native");
      expect(first.quality.checks.filter((c: { pass: boolean | null }) => c.pass === false)).toEqual([]);

      const current = (await h.request("GET", `/marketing/projects/${project.projectId}`, { token: user.key })).body;
      const scene = current.revision.document.story.scenes.find(
        (s: { hidden: boolean; headline: string | null }) => !s.hidden && s.headline,
      );
      const edited = await h.request("POST", `/marketing/projects/${project.projectId}/revisions`, {
        token: user.key,
        idempotencyKey: idem(),
        body: {
          expectedRevision: current.latestRevision,
          operations: [{ op: "set_copy", sceneId: scene.id, field: "headline", text: "Onboarding, halved" }],
        },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(201);
      const after = await exportLatest();
      expect(after.quality.export.cachedScenes).toBe(scenes - 1);
      expect(sha(after.video)).not.toBe(sha(first.video));
    },
    SLOW,
  );
  it(
    "fails an export whose picture has gone from storage with source_unreadable and releases its seconds",
    async () => {
      const before = await wallet();
      const started = await h.request("POST", `/marketing/projects/${project.projectId}/exports`, {
        token: user.key,
        idempotencyKey: idem(),
        body: { format: "webm" },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const id = started.body.resource.id as string;
      // The job has not run yet (the harness runs jobs on drain): take a picture it will need away.
      const row = await h.deps.db.kysely
        .selectFrom("jobs")
        .select("input")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const input = JSON.parse(row.input) as {
        document: { story: { scenes: { hidden: boolean; visual: { type: string; assetId?: string } }[] } };
        source: { files: { key: string }[] };
      };
      const named = (f: { key: string }, id: string) => {
        const name = f.key.split("/").pop() ?? "";
        return name === id || name.startsWith(`${id}.`);
      };
      const shown = input.document.story.scenes.find(
        (s) =>
          !s.hidden &&
          (s.visual.type === "screenshot" || s.visual.type === "image") &&
          input.source.files.some((f) => named(f, s.visual.assetId ?? "")),
      );
      const file = input.source.files.find((f) => named(f, shown?.visual.assetId ?? ""));
      expect(file, `a shown picture's file among ${input.source.files.map((f) => f.key).join(", ")}`).toBeDefined();
      await h.deps.storage.delete(file?.key as string);
      await h.drain();

      const done = (await h.request("GET", `/marketing/exports/${id}`, { token: user.key })).body;
      expect(done.state).toBe("failed");
      expect(done.error.code).toBe("source_unreadable");
      expect(done.cost.secondsCharged ?? 0).toBe(0);
      const after = await wallet();
      expect(after.reservedSeconds).toBe(before.reservedSeconds);
      expect(after.availableSeconds).toBe(before.availableSeconds);
    },
    SLOW,
  );
});
