import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitEvent } from "../../src/domains/webhooks/emit.js";
import { artifactSigner, toEnvelope } from "../../src/jobs/envelope.js";
import { findJobById } from "../../src/jobs/store.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { verifyWebhook } from "../../src/webhooks/verify.js";
import { JOB_TEST_OPERATIONS, scriptedJob } from "../support/test-jobs.js";
import { type Received, type Receiver, startReceiver } from "../support/webhook-receiver.js";

// Issue 19, item 3: no signed URLs at rest. A job event is stored with its artifacts' storage keys; the
// dispatcher signs the URLs into each attempt as it goes out (valid an hour from that send), and signs
// the HMAC over those bytes. Real dispatcher, real HTTP receiver on 127.0.0.1, fake clock.

let h: Harness;
let recv: Receiver;
beforeAll(async () => {
  h = await Harness.start({
    rateStore: "memory",
    extraOperations: JOB_TEST_OPERATIONS,
    jobDefinitions: [scriptedJob],
    config: { allowPrivateHosts: ["127.0.0.1"], webhookTimeoutMs: 30_000 },
  });
  recv = await startReceiver(() => h.clock.now());
});
afterAll(async () => {
  await h.close();
  await recv.close();
});

type User = Awaited<ReturnType<Harness["user"]>>;
let paths = 0;
async function endpoint(u: User, reply: number) {
  const path = `/at-rest/${++paths}`;
  recv.reply(path, reply);
  const res = await h.request("POST", "/webhooks", {
    token: u.key,
    idempotencyKey: idem(),
    body: { url: recv.url(path), events: ["render.succeeded"] },
  });
  expect(res.status).toBe(201);
  return { id: res.body.endpoint.id as string, secret: res.body.secret as string, path };
}
const storedEvents = (accountId: string) =>
  h.db.kysely.selectFrom("webhook_events").select(["id", "type", "body"]).where("account_id", "=", accountId).execute();
const json = (r: Received) => JSON.parse(r.raw.toString("utf8"));
/** GET on a signed file URL, through the service's own file route. */
const fetchFile = (url: string) => {
  const u = new URL(url);
  return h.app.inject({ method: "GET", url: u.pathname + u.search });
};

describe("job events at rest", () => {
  it("stores artifact keys, never signed URLs; each attempt carries URLs signed at its own send time", async () => {
    const u = await h.user({ topupSeconds: 1000 });
    const ep = await endpoint(u, 500); // the first attempt fails, so a retry goes out later
    const created = await h.request("POST", "/_test/jobs", {
      token: u.key,
      idempotencyKey: idem(),
      body: { reserveSeconds: 60, script: {} },
    });
    expect(created.status).toBe(202);
    const jobId = created.body.id as string;
    await h.drain();
    const job = (await h.request("GET", `/_test/jobs/${jobId}`, { token: u.key })).body;
    expect(job.state).toBe("succeeded");
    expect(job.result.artifacts).toHaveLength(1);

    // At rest: no signed URL anywhere in the stored body, the artifact by storage key.
    const events = await storedEvents(u.id);
    expect(events.map((e) => e.type)).toEqual(["render.succeeded"]);
    for (const e of events) {
      expect(e.body).not.toContain("sig=");
      expect(e.body).not.toContain("/files/");
      expect(e.body).not.toContain("expires=");
    }
    const stored = JSON.parse((events[0] as { body: string }).body);
    const [answered] = job.result.artifacts;
    expect(stored.data.result.artifacts).toEqual([
      { type: "video", key: `jobs/${jobId}/video.mp4`, bytes: answered.bytes, sha256: answered.sha256 },
    ]);
    // Every other field as GET answers it.
    const withoutArtifacts = (env: any) => ({ ...env, result: { ...env.result, artifacts: [] } });
    expect(withoutArtifacts(stored.data)).toEqual(withoutArtifacts(job));

    // Attempt 1 (answered 500): the envelope exactly as GET answers it at the same instant, signed URLs.
    const [first] = recv.received(ep.path) as [Received];
    expect(json(first).data).toEqual(job);
    expect(first.raw.toString("utf8")).toBe(JSON.stringify({ ...stored, data: job })); // same bytes, same key order
    expect(verifyWebhook(ep.secret, first.headers["service-signature"] as string, first.raw, first.at)).toMatchObject({
      ok: true,
    });

    // Attempt 2, later: re-signed from its own send time; its URL serves the file.
    h.clock.advance(40_000); // past the 30 s gap and its jitter
    recv.reply(ep.path, 200);
    await h.drain();
    const got = recv.received(ep.path);
    expect(got).toHaveLength(2);
    const second = got[1] as Received;
    expect(second.headers["service-delivery-attempt"]).toBe("2");
    expect(verifyWebhook(ep.secret, second.headers["service-signature"] as string, second.raw, second.at)).toEqual({
      ok: true,
      timestamp: Math.floor(second.at.getTime() / 1000),
    });
    const artifact = json(second).data.result.artifacts[0];
    expect(artifact.url).toContain("/files/");
    expect(artifact.url).toContain("sig=");
    expect(artifact.expiresAt).toBe(new Date(Math.floor(second.at.getTime() / 1000) * 1000 + 3_600_000).toISOString());
    expect(artifact.expiresAt).not.toBe(json(first).data.result.artifacts[0].expiresAt);
    expect(json(second).data).toEqual({
      ...job,
      result: { ...job.result, artifacts: [{ ...answered, url: artifact.url, expiresAt: artifact.expiresAt }] },
    });
    const served = await fetchFile(artifact.url);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(`fake video of ${jobId}`);

    // Nothing the attempts did wrote a URL back into the stored body.
    expect((await storedEvents(u.id)).map((e) => e.body)).toEqual(events.map((e) => e.body));
  });

  it("delivers an event stored with signed URLs (written before keys were stored) byte for byte as stored", async () => {
    const u = await h.user({ topupSeconds: 1000 });
    const ep = await endpoint(u, 200);
    const created = await h.request("POST", "/_test/jobs", {
      token: u.key,
      idempotencyKey: idem(),
      body: { reserveSeconds: 60, script: {} },
    });
    await h.drain(); // the job's own event goes out (and is left aside below)
    const row = await findJobById(h.db.kysely, created.body.id);
    if (!row) throw new Error("job row missing");
    // The old way: the envelope signed when the event was written.
    const legacy = toEnvelope(row, artifactSigner(h.deps));
    const { eventId } = await h.db.kysely
      .transaction()
      .execute((tx) => emitEvent(tx, u.id, "render.succeeded", legacy, h.clock.now()));
    const [stored] = await h.db.kysely.selectFrom("webhook_events").select("body").where("id", "=", eventId).execute();
    expect(stored?.body).toContain("sig=");
    h.clock.advance(60_000);
    await h.drain();

    const r = recv.received(ep.path).find((x) => x.headers["service-event-id"] === eventId);
    expect(r?.raw.toString("utf8")).toBe(stored?.body);
    expect(
      verifyWebhook(ep.secret, r?.headers["service-signature"] as string, r?.raw as Buffer, r?.at as Date),
    ).toMatchObject({ ok: true });
    expect((await fetchFile(json(r as Received).data.result.artifacts[0].url)).statusCode).toBe(200);
  });
});
