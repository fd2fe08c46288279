// Prometheus metrics: what the service counts as it answers requests, runs jobs, drives its browser,
// speaks and delivers webhooks, what it reads from the database at scrape time, and the port of its own
// that serves them.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMetricsServer } from "../../src/metrics/metrics-server.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type Site, startSite } from "../support/site-server.js";
import { gate, JOB_TEST_OPERATIONS, scriptedJob } from "../support/test-jobs.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let site: Site;
beforeAll(async () => {
  site = await startSite();
  const defaults = await defaultConfig();
  h = await Harness.start({
    extraOperations: JOB_TEST_OPERATIONS,
    jobDefinitions: [scriptedJob],
    rateStore: "memory",
    config: {
      rateLimits: { ...defaults.rateLimits, unauthenticated: 2 },
      // One run at a time, so a second job waits in the queue while the first is held.
      workerConcurrency: 1,
      // One browser session at a time, so a second waits for the slot.
      browser: { ...defaults.browser, maxSessions: 1 },
      allowPrivateHosts: ["127.0.0.1"],
    },
  });
  user = await h.user({ topupSeconds: 5000 });
});
afterAll(async () => {
  await h?.close();
  await site?.close();
});

async function defaultConfig() {
  const { loadConfig } = await import("../../src/config.js");
  return loadConfig({});
}

/** The exposition text's value of `name{labels}` (labels as written, in order), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = async () => (await h.deps.metrics.scrape()).body;

describe("metrics", () => {
  it("counts and times requests by operation and status, and 429s by rate class", async () => {
    for (let i = 0; i < 2; i++) expect((await h.request("GET", "/account", { token: user.key })).status).toBe(200);
    expect((await h.request("GET", "/renders/00000000-0000-4000-8000-000000000000", { token: user.key })).status).toBe(
      404,
    );
    for (let i = 0; i < 3; i++) await h.app.inject({ method: "GET", url: "/api/v1/account" });
    const text = await scrape();
    expect(
      value(text, 'clipwright_http_request_duration_seconds_count{operation="account.get",method="GET",status="200"}'),
    ).toBe(2);
    expect(
      value(text, 'clipwright_http_request_duration_seconds_count{operation="renders.get",method="GET",status="404"}'),
    ).toBe(1);
    expect(
      value(text, 'clipwright_http_request_duration_seconds_count{operation="account.get",method="GET",status="401"}'),
    ).toBe(2);
    expect(
      value(text, 'clipwright_http_request_duration_seconds_count{operation="account.get",method="GET",status="429"}'),
    ).toBe(1);
    expect(value(text, 'clipwright_rate_limited_total{class="unauthenticated"}')).toBe(1);
    // Paths no route knows are one label, never the path itself.
    await h.app.inject({ method: "GET", url: "/api/v1/no-such-thing/12345" });
    expect(await scrape()).not.toContain("no-such-thing");
  });

  it("counts job runs by kind and outcome, their speed against real time, and what waits in the queue", async () => {
    const held = gate("metrics-hold");
    const submit = (script: object) =>
      h.request("POST", "/_test/jobs", {
        token: user.key,
        idempotencyKey: idem(),
        body: { reserveSeconds: 60, script },
      });
    expect((await submit({ gate: "metrics-hold", durationSeconds: 30 })).status).toBe(202);
    await held.arrived;
    expect((await submit({ durationSeconds: 20 })).status).toBe(202);
    const waiting = await scrape().finally(() => held.open());
    expect(value(waiting, 'clipwright_jobs_active{kind="walkthrough.render",state="running"}')).toBe(1);
    expect(value(waiting, 'clipwright_jobs_active{kind="walkthrough.render",state="queued"}')).toBe(1);
    expect(value(waiting, 'clipwright_queue_depth{kind="walkthrough.render"}')).toBe(1);
    expect(value(waiting, 'clipwright_queue_oldest_seconds{kind="walkthrough.render"}')).toBeGreaterThanOrEqual(0);
    await h.drain();
    const done = await scrape();
    expect(
      value(done, 'clipwright_job_run_duration_seconds_count{kind="walkthrough.render",outcome="succeeded"}'),
    ).toBe(2);
    expect(value(done, 'clipwright_job_realtime_ratio_count{kind="walkthrough.render"}')).toBe(2);
    expect(done).not.toMatch(/clipwright_jobs_active\{[^}]*\} [1-9]/);
  });

  it("reports the browser pool: sessions in use against capacity, waits for a slot, launches", {
    timeout: 120_000,
  }, async () => {
    const pool = h.deps.walkthrough.browser;
    const capture = { width: 800, height: 600, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
    const held = await pool.newSession(capture);
    const next = pool.newSession(capture); // the only slot is held: this one waits
    const full = await scrape();
    expect(value(full, 'clipwright_browser_sessions{state="in_use"}')).toBe(1);
    expect(value(full, 'clipwright_browser_sessions{state="waiting"}')).toBe(1);
    expect(value(full, "clipwright_browser_sessions_capacity")).toBe(1);
    expect(value(full, "clipwright_browsers_running")).toBe(1);
    await held.close();
    await (await next).close();

    // A storyboard plans on the same pool, behind its egress proxy.
    const res = await h.request("POST", "/storyboards", {
      token: user.key,
      idempotencyKey: idem(),
      body: { url: `${site.url}/`, targetSeconds: 30 },
    });
    expect(res.status).toBe(202);
    await h.drain();
    expect((await h.request("GET", `/storyboards/${res.body.id}`, { token: user.key })).body.state).toBe("succeeded");

    const text = await scrape();
    expect(value(text, 'clipwright_browser_sessions{state="in_use"}')).toBe(0);
    expect(value(text, 'clipwright_browser_sessions{state="waiting"}')).toBe(0);
    expect(value(text, "clipwright_browser_session_wait_seconds_count")).toBe(1);
    expect(value(text, "clipwright_browser_session_wait_seconds_sum")).toBeGreaterThanOrEqual(0);
    expect(value(text, 'clipwright_browser_launches_total{outcome="succeeded"}')).toBe(1);
    expect(value(text, 'clipwright_browser_launches_total{outcome="failed"}')).toBe(0);
    expect(value(text, "clipwright_browser_crashes_total")).toBe(0);
    expect(
      value(text, 'clipwright_job_run_duration_seconds_count{kind="walkthrough.storyboard",outcome="succeeded"}'),
    ).toBe(1);
  });

  it("reports speech: lines by engine and outcome, engine time and seconds of speech produced", async () => {
    const before = await scrape();
    const preview = (voiceId: string, text: string) =>
      h.request("POST", "/voices/preview", { token: user.key, body: { voiceId, text } });
    const spoken = await preview("espeak-ng:en-us", "Welcome to the metrics dashboard.");
    expect(spoken.status).toBe(200);
    const festival = await preview("festival:cmu_us_slt_arctic_hts", "Every plan includes a friendly support team.");
    expect(festival.status).toBe(200);
    expect((await preview("espeak-ng:en-us", "...")).body.error.code).toBe("preview_failed");

    const after = await scrape();
    const grew = (series: string) => (value(after, series) ?? 0) - (value(before, series) ?? 0);
    expect(grew('clipwright_tts_syntheses_total{engine="espeak-ng",outcome="spoken"}')).toBe(1);
    expect(grew('clipwright_tts_syntheses_total{engine="espeak-ng",outcome="no_speech"}')).toBe(1);
    expect(grew('clipwright_tts_syntheses_total{engine="festival",outcome="spoken"}')).toBe(1);
    expect(grew('clipwright_tts_synthesis_duration_seconds_count{engine="espeak-ng"}')).toBe(2);
    expect(grew('clipwright_tts_synthesis_duration_seconds_count{engine="festival"}')).toBe(1);
    expect(grew('clipwright_tts_synthesis_duration_seconds_sum{engine="festival"}')).toBeGreaterThan(0);
    // The speech made is what the previews answered, to the rounding of their durations.
    expect(grew('clipwright_tts_speech_seconds_total{engine="espeak-ng"}')).toBeCloseTo(
      spoken.body.audio.durationSeconds,
      2,
    );
    expect(grew('clipwright_tts_speech_seconds_total{engine="festival"}')).toBeCloseTo(
      festival.body.audio.durationSeconds,
      2,
    );
  });

  it("serves GET /metrics on a port of its own, and nothing else there", async () => {
    const server = await startMetricsServer(h.deps.metrics, "127.0.0.1", 0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toContain("# TYPE clipwright_http_request_duration_seconds histogram");
      expect(text).toContain("clipwright_webhook_deliveries_pending 0");
      expect(text).toContain('clipwright_export_cache_sweeps_total{outcome="failed"} 0');
      // The process's own health, under Prometheus's standard names.
      for (const name of ["process_resident_memory_bytes", "process_open_fds", "nodejs_eventloop_lag_p99_seconds"]) {
        expect(value(text, name), name).toBeGreaterThan(0);
      }
      expect(text).not.toMatch(/cw_live_|Bearer|password/i);
      expect((await fetch(`${base}/api/v1/account`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
