import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domains/catalog/catalog.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { startWorkers } from "../../src/workers.js";
import { FIXED_VOICES, fixedCatalog } from "../support/catalogs.js";
import { seedStoryboard } from "../support/seed-storyboard.js";

/**
 * A render queued with a voice that is uninstalled before its run: the stored options no longer
 * resolve, and the job fails at once with the option's own code. Nothing about it changes on a second
 * attempt, so it is not retried and never reaches the browser.
 */

let h: Harness;
let uninstalled = false;

/** The fixed catalogue, with the English voice gone once `uninstalled` is set (as after a reinstall). */
function catalogLosingEnglish(): Catalog {
  const base = fixedCatalog();
  return {
    ...base,
    get voices() {
      return uninstalled ? base.voices.filter((v) => v.id !== FIXED_VOICES.english) : base.voices;
    },
  };
}

beforeAll(async () => {
  // No workers yet: the render is queued first, then the voice goes, then the run is taken.
  h = await Harness.start({ catalog: catalogLosingEnglish(), rateStore: "memory", workers: false });
});
afterAll(async () => {
  await h.close();
});

describe("a render whose stored options no longer resolve", () => {
  it("fails after one attempt with voice_unknown (not retryable), every held second released", async () => {
    const user = await h.user();
    const storyboardId = await seedStoryboard(h, user.id, {
      options: { voiceId: FIXED_VOICES.english, language: "en-US", targetSeconds: 30 },
    });
    const res = await h.request("POST", `/storyboards/${storyboardId}/renders`, {
      token: user.key,
      idempotencyKey: idem(),
    });
    expect(res.status).toBe(202);
    const renderId = res.body.resource.id as string;

    uninstalled = true;
    h.workers = startWorkers(h.deps);
    await h.drain();

    const done = (await h.request("GET", `/renders/${renderId}`, { token: user.key })).body;
    expect(done.state).toBe("failed");
    expect(done.error).toMatchObject({ code: "voice_unknown", retryable: false });
    expect(done.cost.secondsCharged).toBe(0);
    const row = await h.deps.db.kysely
      .selectFrom("jobs")
      .select(["attempts"])
      .where("id", "=", renderId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    const wallet = (await h.request("GET", "/wallet", { token: user.key })).body;
    expect(wallet.reservedSeconds).toBe(0);
  });
});
