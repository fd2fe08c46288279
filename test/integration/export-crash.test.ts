// A worker SIGKILLed mid-export (issue "Marketing III"): the real service with the real marketing.export
// job, killed while the export composes, started again on the same data directory. The export must be
// taken over once its lease runs out (30 s) and end succeeded or failed, its seconds charged at most
// once and the rest of its hold released. Everything goes through the public API: the SaaS fixture
// scanned, a project generated, the export started. SQLite project only, like crash.test.ts (the child
// runs the default embedded topology).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDb } from "../../src/testutil/harness.js";
import { childEnv, cliAccountWithKey } from "../support/cli-process.js";
import { freePort, ServiceProcess } from "../support/crash-harness.js";
import { startMarketingSite } from "../support/marketing-sites.js";
import { waitFor } from "../support/wait.js";

const RECOVERY_TIMEOUT_MS = 150_000; // the lease (30 s), then a whole export again on a busy machine
const TERMINAL = new Set(["succeeded", "failed", "cancelled"]);

const children = new Set<ServiceProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of children) c.signal("SIGKILL"); // by PID, only ours
  await Promise.all([...children].map((c) => c.exited));
  for (const fn of cleanups.reverse()) await fn();
});

describe.skipIf(testDb() === "postgres")("crash: SIGKILL while an export composes", () => {
  it("takes the export over after a restart and charges its seconds once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cw-export-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const site = await startMarketingSite("saas");
    cleanups.push(() => site.close());
    const env = childEnv({
      CLIPWRIGHT_ENV: "test",
      CLIPWRIGHT_DATA_DIR: dataDir,
      CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      CLIPWRIGHT_RATE_LIMITS: "read=100000,write=100000,charge=100000,expensive=100000,account=1000000",
    });
    const { token } = await cliAccountWithKey(env, "export-crash");

    const a = await ServiceProcess.start(await freePort(), dataDir, env);
    children.add(a);
    const settled = async (p: ServiceProcess, path: string) => {
      let body: Record<string, any> = {};
      await waitFor(
        async () => {
          body = (await p.request("GET", path, token)).body;
          return TERMINAL.has(body.state);
        },
        { what: `${path} to settle`, timeoutMs: 120_000, intervalMs: 250, detail: () => p.output() },
      );
      return body;
    };
    const source = await a.request("POST", "/marketing/sources", token, { url: `${site.url}/` });
    expect(source.status, JSON.stringify(source.body)).toBe(202);
    expect((await settled(a, `/marketing/sources/${source.body.id}`)).state).toBe("succeeded");
    const generation = await a.request("POST", "/marketing/generations", token, {
      sourceId: source.body.id,
      templateId: "product-launch",
      seconds: 30,
    });
    expect(generation.status, JSON.stringify(generation.body)).toBe(202);
    expect((await settled(a, `/marketing/generations/${generation.body.id}`)).state).toBe("succeeded");
    const project = await a.request("POST", "/marketing/projects", token, { generationId: generation.body.id });
    expect(project.status, JSON.stringify(project.body)).toBe(201);

    const before = (await a.request("GET", "/wallet", token)).body;
    const started = await a.request("POST", `/marketing/projects/${project.body.id}/exports`, token, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.resource.id as string;
    // Killed once the frames are being drawn and encoded: Chromium, festival and ffmpeg have all run.
    await waitFor(
      async () => {
        const now = (await a.request("GET", `/marketing/exports/${id}`, token)).body;
        if (TERMINAL.has(now.state)) throw new Error(`the export settled before the kill: ${now.state}`);
        return now.stage === "composing";
      },
      { what: "the export to compose", timeoutMs: 120_000, intervalMs: 50, detail: () => a.output() },
    );
    a.signal("SIGKILL");
    await a.exited;
    children.delete(a);
    const held = before.reservedSeconds + 30;

    const b = await ServiceProcess.start(await freePort(), dataDir, env);
    children.add(b);
    const during = (await b.request("GET", "/wallet", token)).body;
    expect(during.reservedSeconds).toBe(held); // still held: nothing settled it while it was dead
    let done: Record<string, any> = {};
    await waitFor(
      async () => {
        done = (await b.request("GET", `/marketing/exports/${id}`, token)).body;
        return TERMINAL.has(done.state);
      },
      {
        what: "the export to settle after the restart",
        timeoutMs: RECOVERY_TIMEOUT_MS,
        intervalMs: 250,
        detail: () => b.output(),
      },
    );
    expect(["succeeded", "failed"]).toContain(done.state);
    const charged = (done.cost.secondsCharged as number | null) ?? 0;
    if (done.state === "succeeded") expect(charged).toBe(Math.min(30, Math.ceil(done.result.durationSeconds)));
    const after = (await b.request("GET", "/wallet", token)).body;
    expect(after.reservedSeconds).toBe(before.reservedSeconds);
    expect(after.availableSeconds).toBe(before.availableSeconds - charged);
    const ledger = (await b.request("GET", "/wallet/ledger?limit=100", token)).body;
    const moves = (ledger.data as { jobId: string | null; type: string }[]).filter((e) => e.jobId === id);
    // One hold and one settlement (a charge, a release of the rest, or both), whatever happened between.
    expect(moves.filter((m) => m.type === "reservation")).toHaveLength(1);
    expect(moves.filter((m) => m.type === "charge").length).toBeLessThanOrEqual(1);
    expect(moves.filter((m) => m.type === "release").length).toBeLessThanOrEqual(1);
    expect(moves.filter((m) => m.type === "charge")).toHaveLength(charged > 0 ? 1 : 0);
  }, 420_000);
});
