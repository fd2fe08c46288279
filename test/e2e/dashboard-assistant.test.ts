// The support assistant's panel and the webhook endpoint's edit form, end to end: the built dashboard
// served by the real service process (`clipwright serve`, development, SQLite), driven in the system
// Chromium. Hand-offs go to a real SMTP server on a loopback port (smtp-server), or, on a service without
// one, to its outbox folder. Every state of the panel passes axe-core, the app calls only the published
// API, nothing leaves the service, and the strict policy refuses nothing.
// (A session that ends mid-task is dashboard.test.ts's: it goes to sign-in and back to the same page.)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureWebBuild } from "../../scripts/build-web.mjs";
import { ROOT } from "../support/cli-process.js";
import { launchChromium, sidewaysOverflow, type Visitor, visitor } from "../support/dashboard-browser.js";
import {
  check,
  expectCleanVisit,
  focused,
  heading,
  type Published,
  publishedOperations,
  signIn,
  tabTo,
} from "../support/dashboard-checks.js";
import { type ServedApp, startServedApp } from "../support/served-app.js";
import { SmtpReceiver } from "../support/smtp-receiver.js";
import { waitFor } from "../support/wait.js";

/** Where the service says its docs are (a repository's blob/main): answers link there, nothing is fetched. */
const DOCS_URL = "https://github.com/clipwright/clipwright/blob/main";
const SUPPORT = "help@clipwright.test";
/** Questions the docs answer (one with an operation among its sources), and one they do not. */
const ANSWERED = "How do I verify a webhook signature?";
const API_CITED = "How do I re-enable a webhook endpoint that was disabled?";
const UNKNOWN = "Does the service support two-factor authentication?";
const NOTE = "We need two-factor sign-in before our team can use this.";

let app: ServedApp;
let smtp: SmtpReceiver;
let browser: Browser;
let published: Published;
const visitors: Visitor[] = [];

async function open(base = app.base, viewport?: { width: number; height: number }): Promise<Visitor> {
  const v = await visitor(browser, base, viewport);
  visitors.push(v);
  return v;
}

beforeAll(async () => {
  await ensureWebBuild({ log: () => {} });
  smtp = await SmtpReceiver.start();
  app = await startServedApp({
    CLIPWRIGHT_SMTP_URL: smtp.url,
    CLIPWRIGHT_SUPPORT_EMAIL: SUPPORT,
    CLIPWRIGHT_DOCS_URL: DOCS_URL,
    CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
  });
  browser = await launchChromium();
  published = await publishedOperations(app.base);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

const helpButton = (page: Page) => page.getByRole("button", { name: "Get help" });

/** A state of the panel: axe on the page, and what the window shows (the panel is fixed over the page). */
const checkPanel = (page: Page, name: string, sample?: string) => check(page, name, sample, { fullPage: false });

async function openPanel(page: Page): Promise<Locator> {
  await helpButton(page).click();
  const panel = page.getByRole("dialog", { name: "Support assistant" });
  await panel.waitFor();
  await panel.getByText("Opening your conversation").waitFor({ state: "hidden" });
  return panel;
}

/** Asks in the panel and resolves to the answer's message once it is shown. */
async function ask(panel: Locator, question: string): Promise<Locator> {
  const answers = panel.locator(".assistant-msg.from-assistant");
  const before = await answers.count();
  await panel.getByLabel("Your question").fill(question);
  await panel.getByRole("button", { name: "Ask", exact: true }).click();
  const answer = answers.nth(before);
  await answer.waitFor({ timeout: 20_000 });
  return answer;
}

/** GitHub's anchors of a Markdown file's headings (lowercase, punctuation dropped, spaces to `-`, repeats `-1`). */
function githubAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*$/.exec(line);
    if (!m) continue;
    const slug = (m[1] as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

/** A mail's text as written: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

describe("the support assistant panel", () => {
  it("answers from the docs with links to the sections, says when it does not know, and hands off by mail", async () => {
    const v = await open();
    const { page } = v;
    await page.goto(`${app.base}/webhooks`);
    await signIn(page, app.dev.email, app.dev.password);
    await heading(page, "Webhooks");

    // From any page, the Help button opens the panel with the question box ready.
    const panel = await openPanel(page);
    await panel.getByText("Ask about Clipwright").waitFor();
    expect(await panel.getByLabel("Your question").evaluate((el) => el === document.activeElement)).toBe(true);
    await checkPanel(page, "assistant-empty");

    // A question the docs answer: quoted, with its sources as links to real sections.
    const answer = await ask(panel, ANSWERED);
    await answer.getByText("Verifying the signature").first().waitFor();
    const docsLinks = await answer.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(docsLinks.length).toBeGreaterThan(0);
    for (const href of docsLinks) {
      expect(href?.startsWith(`${DOCS_URL}/`), String(href)).toBe(true);
      const [path, anchor] = (href as string).slice(DOCS_URL.length + 1).split("#") as [string, string];
      expect(existsSync(join(ROOT, path)), path).toBe(true);
      expect([...githubAnchors(readFileSync(join(ROOT, path), "utf8"))], href as string).toContain(anchor);
    }
    expect(await answer.getByRole("link").first().getAttribute("rel")).toBe("noopener noreferrer");
    await checkPanel(page, "assistant-answer", "assistant-answer");

    // An operation among the sources links to this service's API reference, which opens on that operation.
    const apiAnswer = await ask(panel, API_CITED);
    const reference = apiAnswer.locator('a[href^="/api/v1/reference#"]').first();
    const href = (await reference.getAttribute("href")) as string;
    expect(href).toBe("/api/v1/reference#tag/webhooks/PATCH/webhooks/{id}");
    const mark = v.apiCalls.length;
    const [tab] = await Promise.all([page.context().waitForEvent("page"), reference.click()]);
    try {
      const id = href.split("#")[1] as string;
      // The reference builds itself in the browser from a large script: slow on a busy machine.
      await tab.locator(`[id$="${id}"]`).first().waitFor({ timeout: 60_000 });
      await tab.waitForFunction(
        (anchor) => {
          const top = document.querySelector(`[id$="${anchor}"]`)?.getBoundingClientRect().top;
          return window.scrollY > 0 && top !== undefined && Math.abs(top) < 50;
        },
        id,
        { timeout: 60_000 },
      );
    } finally {
      await tab.close();
    }
    // What the reference page itself fetched (its script, the document) is the service's page, not the app.
    expect(v.apiCalls.splice(mark).filter((c) => !/^GET \/api\/v1\/(reference|openapi\.json)/.test(c))).toEqual([]);

    // A question the docs do not answer: it says so and offers a person.
    const unknown = await ask(panel, UNKNOWN);
    await unknown.getByText("The assistant does not know the answer to this one.").waitFor();
    const send = panel.getByRole("button", { name: "Send this conversation to a person" });
    await send.waitFor();
    await checkPanel(page, "assistant-unknown", "assistant-handoff-offered");

    // The mail server refuses: said plainly, with the request id; the conversation stays open.
    smtp.refusing = true;
    await panel.getByLabel("A note for support (optional)").fill(NOTE);
    await send.click();
    const refused = panel.getByRole("alert");
    await refused.getByText("The conversation could not be mailed to support").waitFor();
    expect(await refused.locator("code").textContent()).toMatch(/^req_/);
    expect(smtp.received).toEqual([]);
    await checkPanel(page, "assistant-handoff-failed");

    // Accepted: where it went, and the mail holds the whole conversation, the note, and whom to answer.
    smtp.refusing = false;
    await send.click();
    await panel.getByText("Sent to a person.").waitFor();
    await panel.getByText(SUPPORT).waitFor();
    await checkPanel(page, "assistant-handed-off", "assistant-handed-off");
    const mail = await waitFor(() => smtp.received.find((m) => m.raw.includes("Hand-off from")), {
      what: "the hand-off mail",
    });
    expect(mail.to).toEqual([SUPPORT]);
    const text = mailText(mail.raw);
    expect(text).toMatch(new RegExp(`^Reply-To: ${app.dev.email.replace(/[.+]/g, "\\$&")}\\r?$`, "m"));
    for (const said of [ANSWERED, API_CITED, UNKNOWN, `Note: ${NOTE}`]) expect(text).toContain(said);

    // A new conversation, then closing it; Escape closes the panel and gives the focus back.
    await panel.getByRole("button", { name: "Start a new conversation" }).click();
    await panel.getByText("Ask about Clipwright").waitFor();
    await ask(panel, "How long does a session last?");
    await panel.getByRole("button", { name: "Close conversation" }).click();
    await panel.getByText("This conversation is closed.").waitFor();
    await checkPanel(page, "assistant-closed");
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await focused(page)).toMatchObject({ tag: "button", text: "Get help" });

    // Opened again, nothing is open: a fresh start.
    await helpButton(page).click();
    await panel.getByText("Ask about Clipwright").waitFor();
    await panel.getByRole("button", { name: "Close panel" }).click();
    await panel.waitFor({ state: "hidden" });
    expectCleanVisit(v, published);
  }, 240_000);

  it("without a mail server, the hand-off is stored in the outbox; past the day's questions, it says when to ask again", async () => {
    const outboxApp = await startServedApp({
      CLIPWRIGHT_SUPPORT_EMAIL: SUPPORT,
      CLIPWRIGHT_ASSISTANT_DAILY_QUESTIONS: "2",
    });
    try {
      const v = await open(outboxApp.base);
      const { page } = v;
      await page.goto(`${outboxApp.base}/`);
      await signIn(page, outboxApp.dev.email, outboxApp.dev.password);
      await heading(page, "Overview");
      const panel = await openPanel(page);
      await ask(panel, UNKNOWN);
      await panel.getByRole("button", { name: "Send this conversation to a person" }).click();
      await panel.getByText("Handed to a person.").waitFor();
      await panel.getByText("was stored in its outbox").waitFor();
      await checkPanel(page, "assistant-handed-off-outbox");
      const subject = await outboxApp.mailedLink(SUPPORT, /Subject: Hand-off from \S+/);
      expect(subject).toContain(outboxApp.dev.email);

      await panel.getByRole("button", { name: "Start a new conversation" }).click();
      await ask(panel, ANSWERED);
      await panel.getByText("0 of 2 questions left today").waitFor();
      await panel.getByLabel("Your question").fill("How are MCP tools named?");
      await panel.getByRole("button", { name: "Ask", exact: true }).click();
      const refused = panel.getByRole("alert");
      await refused.getByText("the most it answers in a day (2)").waitFor();
      expect(await refused.locator("code").textContent()).toMatch(/^req_/);
      // What was typed is kept for later.
      expect(await panel.getByLabel("Your question").inputValue()).toBe("How are MCP tools named?");
      await checkPanel(page, "assistant-daily-limit");
      expectCleanVisit(v, published);
    } finally {
      await outboxApp.stop();
    }
  }, 180_000);

  it("works by keyboard alone: Tab to Help, ask with Enter, Escape back", async () => {
    const v = await open();
    const { page } = v;
    await page.goto(`${app.base}/keys`);
    await signIn(page, app.dev.email, app.dev.password);
    await heading(page, "API keys");
    await tabTo(page, helpButton(page));
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Support assistant" });
    await panel.waitFor();
    expect(await focused(page)).toMatchObject({ tag: "textarea" });
    await page.keyboard.type(ANSWERED);
    await page.keyboard.press("Enter");
    await panel.locator(".assistant-msg.from-assistant").last().getByText("Verifying the signature").first().waitFor();
    // Focus stays in the panel (a modal): Tab reaches a source link, never the page behind.
    await tabTo(page, panel.getByRole("link").first());
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await focused(page)).toMatchObject({ tag: "button", text: "Get help" });
    expectCleanVisit(v, published);
  }, 120_000);

  it("fills a phone's screen and a 200 % zoom without sideways scrolling", async () => {
    for (const [name, viewport] of [
      ["phone", { width: 375, height: 812 }],
      ["zoom-200", { width: 640, height: 450 }],
    ] as const) {
      const v = await open(app.base, viewport);
      const { page } = v;
      await page.goto(`${app.base}/`);
      await signIn(page, app.dev.email, app.dev.password);
      await heading(page, "Overview");
      const panel = await openPanel(page);
      await ask(panel, ANSWERED);
      const box = await panel.boundingBox();
      expect(box?.width, `panel width at ${name}`).toBe(viewport.width);
      expect(await sidewaysOverflow(page), `sideways at ${name}`).toBeNull();
      expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `panel sideways at ${name}`).toBe(
        true,
      );
      await checkPanel(page, `assistant-${name}`, name === "phone" ? "assistant-phone" : undefined);
      expectCleanVisit(v, published);
    }
  }, 120_000);
});

describe("editing a webhook endpoint", () => {
  it("changes its address, events and description, sending only what changed; a refused address is said at the field", async () => {
    const v = await open();
    const { page } = v;
    await page.goto(`${app.base}/webhooks`);
    await signIn(page, app.dev.email, app.dev.password);
    await heading(page, "Webhooks");
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem("clipwright.session") ?? "{}").token);
    const created = await fetch(`${app.base}/api/v1/webhooks`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "idempotency-key": `e2e-${Date.now()}`,
      },
      body: JSON.stringify({ url: "http://127.0.0.1:9/hook", events: ["render.succeeded"], description: "CI" }),
    });
    expect(created.status).toBe(201);
    const { endpoint } = (await created.json()) as { endpoint: { id: string } };
    const patches: unknown[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH") patches.push(request.postDataJSON());
    });

    await page.goto(`${app.base}/webhooks/${endpoint.id}`);
    await heading(page, "http://127.0.0.1:9/hook");
    await page.getByRole("button", { name: "Edit" }).click();
    const address = page.getByLabel("Endpoint address");
    expect(await address.evaluate((el) => el === document.activeElement)).toBe(true);

    // A host with no dot: refused by the service, said next to the address, which takes the focus.
    await address.fill("http://receiver/hook");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.locator(".field-problem", { hasText: "The host needs a full name with a dot in it" }).waitFor();
    expect(await address.getAttribute("aria-invalid")).toBe("true");
    expect(await address.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole("alert").locator("code").textContent()).toMatch(/^req_/);
    await check(page, "webhook-edit-refused", "webhook-edit");

    // A new address, one more event, a description with markup (shown as written): only those are sent.
    await address.fill("http://127.0.0.1:9/new-hook");
    await page.getByRole("checkbox", { name: /render\.failed/ }).check();
    await page.getByLabel("Description (optional)").fill("<b>Billing</b> receiver");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved.").waitFor();
    await heading(page, "http://127.0.0.1:9/new-hook");
    await page.getByText("<b>Billing</b> receiver").waitFor();
    expect(await page.locator("main b", { hasText: "Billing" }).count()).toBe(0);
    await page.locator(".tags code", { hasText: "render.failed" }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: "button", text: "Edit" });
    await check(page, "webhook-edited");
    expect(patches.at(-1)).toEqual({
      url: "http://127.0.0.1:9/new-hook",
      events: ["render.succeeded", "render.failed"],
      description: "<b>Billing</b> receiver",
    });

    // Nothing changed: nothing sent. An emptied description is removed (null), the rest left alone.
    const sent = patches.length;
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Nothing changed, so nothing was saved.").waitFor();
    expect(patches.length).toBe(sent);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Description (optional)").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved.").waitFor();
    expect(patches.at(-1)).toEqual({ description: null });
    expect(await page.getByText("<b>Billing</b> receiver").count()).toBe(0);
    expectCleanVisit(v, published);
  }, 120_000);
});
