import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../../src/operations/registry.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { ranJobRow } from "../support/job-row.js";
import { SmtpReceiver } from "../support/smtp-receiver.js";
import { staticResolver } from "../support/static-resolver.js";

// The support assistant (decision 0039) on a real database: conversations, answers from the docs and
// from the asker's account, each refusal the spec lists, idempotent replays, isolation between accounts,
// and hand-offs through the outbox and through a real SMTP server.

const LIMITS = { questionsPerDay: 5, maxMessages: 4, handoffsPerHour: 2 };
// An evening, UTC: the daily allowance's midnight is two hours away.
const START = new Date("2026-03-10T22:00:00.000Z");

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({
    clockStart: START,
    rateStore: "memory",
    resolver: staticResolver({ "hooks.example.com": ["93.184.216.34"] }),
    config: { assistant: { ...harnessAssistant(), ...LIMITS } },
  });
});
afterAll(() => h.close());

/** The assistant settings a harness gets from its environment (support address, docs folder). */
function harnessAssistant() {
  return {
    supportEmail: "help@clipwright.test",
    docsDir: new URL("../../", import.meta.url).pathname,
    docsUrl: null,
    questionsPerDay: 50,
    maxMessages: 40,
    handoffsPerHour: 3,
  };
}

type User = Awaited<ReturnType<Harness["user"]>>;
const ask = (user: User, text: string, extra: Record<string, unknown> = {}, key = idem()) =>
  h.request("POST", "/assistant/messages", { token: user.session, idempotencyKey: key, body: { text, ...extra } });
const handOff = (user: User, body: Record<string, unknown> = {}, key = idem()) =>
  h.request("POST", "/assistant/handoffs", { token: user.session, idempotencyKey: key, body });
const close = (user: User, id: string) =>
  h.request("POST", `/assistant/conversations/${id}/close`, { token: user.session, idempotencyKey: idem(), body: {} });
const current = (user: User) => h.request("GET", "/assistant/conversations/current", { token: user.session });
const countRows = async (
  table: "assistant_messages" | "assistant_conversations" | "assistant_handoffs",
  accountId: string,
) =>
  Number(
    (
      await h.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("account_id", "=", accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("asking", () => {
  it("answers from the docs, citing the section as a link, in a conversation it opens", async () => {
    const user = await h.user();
    const res = await ask(user, "How do I verify a webhook signature?");
    expect(res.status).toBe(201);
    const { conversation, question, reply, allowance } = res.body;
    expect(res.headers.location).toBe(`/api/v1/assistant/conversations/${conversation.id}`);
    expect(conversation).toMatchObject({ status: "open", messageCount: 2, maxMessages: 4, handoff: null });
    expect(question).toMatchObject({ role: "user", text: "How do I verify a webhook signature?", outcome: null });
    expect(reply).toMatchObject({ role: "assistant", outcome: "answered", handoffOffered: false });
    expect(reply.text).toMatch(/^From “Verifying the signature” \(docs\/webhooks\.md\):\n\nDo these four steps/);
    expect(reply.text).toContain("Parse `Service-Signature` into `t` and `v1`");
    expect(reply.citations[0]).toEqual({
      title: "Verifying the signature",
      source: "docs",
      path: "docs/webhooks.md",
      anchor: "verifying-the-signature",
      href: "docs/webhooks.md#verifying-the-signature",
    });
    expect(allowance).toEqual({ questionsPerDay: 5, questionsLeftToday: 4, resetsAt: "2026-03-11T00:00:00.000Z" });

    // The same conversation takes the next question, and GET current shows both, oldest first.
    const next = await ask(user, "How do I rotate a key without downtime?");
    expect(next.body.conversation.id).toBe(conversation.id);
    expect(next.body.reply.citations.map((c: { anchor: string }) => c.anchor)).toContain("keys.rotate");
    const api = next.body.reply.citations.find((c: { anchor: string }) => c.anchor === "keys.rotate");
    expect(api).toMatchObject({ source: "api", path: "POST /keys/{id}/rotate" });
    expect(api.href).toBe("/api/v1/reference#tag/keys/POST/keys/{id}/rotate");
    const read = await current(user);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(conversation.id);
    expect(read.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(read.body.messages[1]).toEqual(reply);
    const byId = await h.request("GET", `/assistant/conversations/${conversation.id}`, { token: user.session });
    expect(byId.body).toEqual(read.body);
  });

  it("says plainly when the docs do not know, and offers a hand-off", async () => {
    const user = await h.user();
    const res = await ask(user, "Does the service support two-factor authentication?");
    expect(res.body.reply).toMatchObject({ outcome: "unknown", citations: [], handoffOffered: true });
    expect(res.body.reply.text).toMatch(/^I don't know/);
    expect(res.body.reply.text).toContain("hand this conversation to a person");
  });

  it("declines questions that are not about Clipwright", async () => {
    const user = await h.user();
    for (const text of ["Write me a poem about the sea.", "What's the weather like in Paris today?"]) {
      const res = await ask(user, text);
      expect(res.body.reply).toMatchObject({ outcome: "declined", citations: [], handoffOffered: false });
      expect(res.body.reply.text).toContain("I can only help with Clipwright");
    }
  });

  it("refuses a blank or over-long question before anything is stored or counted", async () => {
    const user = await h.user();
    const blank = await ask(user, "   \n ");
    expect(blank.status).toBe(400);
    expect(blank.body.error.details.issues[0]).toMatchObject({ path: "body.text", code: "blank" });
    const long = await ask(user, "x".repeat(2001));
    expect(long.body.error.details.issues[0]).toMatchObject({ path: "body.text", code: "max_length" });
    const unknownField = await ask(user, "hello", { stream: true });
    expect(unknownField.body.error.details.issues[0]).toMatchObject({ path: "body.stream", code: "unknown_field" });
    expect(await countRows("assistant_messages", user.id)).toBe(0);
  });
});

describe("the person's own account", () => {
  it("reads the latest failed render's error for 'why did my render fail?'", async () => {
    const user = await h.user();
    const none = await ask(user, "Why did my render fail?");
    expect(none.body.reply).toMatchObject({ outcome: "account", text: "None of your renders has failed." });
    const at = h.clock.now().toISOString();
    const failed = ranJobRow({
      id: "01900000-0000-7000-8000-00000000f001",
      accountId: user.id,
      kind: "walkthrough.render",
      state: "failed",
      at,
      result: null,
      input: {},
      failedWith: "url_private",
    });
    await h.db.kysely
      .insertInto("jobs")
      .values({ ...failed, error_reason: "the site resolves to a private address" })
      .execute();
    const res = await ask(user, "why did my render fail?");
    expect(res.body.reply.outcome).toBe("account");
    expect(res.body.reply.text).toContain(failed.id);
    expect(res.body.reply.text).toContain("url_private");
    expect(res.body.reply.text).toContain("private"); // the code's message
    expect(res.body.reply.text).toContain("Reason: the site resolves to a private address.");
  });

  it("reads the wallet for 'how many seconds do I have left?'", async () => {
    const user = await h.user({ topupSeconds: 300 });
    const wallet = (await h.request("GET", "/wallet", { token: user.key })).body;
    const res = await ask(user, "How many seconds do I have left?");
    expect(res.body.reply.outcome).toBe("account");
    expect(res.body.reply.text).toContain(`You have ${wallet.availableSeconds} seconds available`);
    expect(res.body.reply.text).toContain(`${wallet.paygSeconds} from top-ups`);
  });

  it("reads the endpoints for 'is my webhook disabled?'", async () => {
    const user = await h.user();
    const created = await h.request("POST", "/webhooks", {
      token: user.session,
      idempotencyKey: idem(),
      body: { url: "https://hooks.example.com/in", events: ["render.failed"] },
    });
    expect(created.status).toBe(201);
    await h.request("PATCH", `/webhooks/${created.body.endpoint.id}`, {
      token: user.session,
      idempotencyKey: idem(),
      body: { status: "disabled" },
    });
    const res = await ask(user, "Is my webhook disabled?");
    expect(res.body.reply.outcome).toBe("account");
    expect(res.body.reply.text).toContain("1 webhook endpoint: 0 active, 1 disabled.");
    expect(res.body.reply.text).toContain("Disabled on request");
    expect(res.body.reply.text).toContain("https://hooks.example.com/in");
  });

  it("lists the asker's active keys by prefix, never a secret", async () => {
    const user = await h.user();
    const res = await ask(user, "Which of my API keys are active?");
    expect(res.body.reply.outcome).toBe("account");
    expect(res.body.reply.text).toContain("You have 1 active API key");
    expect(res.body.reply.text).toContain(`${user.key.slice(0, 17)}…${user.key.slice(-4)}`);
    expect(res.body.reply.text).not.toContain(user.key);
  });
});

describe("dashboard session only", () => {
  it("refuses an API key on every assistant operation with forbidden_scope and allowedActors", async () => {
    const user = await h.user();
    const asked = await ask(user, "How are MCP tools named?");
    const id = asked.body.conversation.id;
    const rows = OPERATIONS.filter((r) => r.id.startsWith("assistant."));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const path = row.path.replace("{id}", id);
      const credentials: Record<string, string>[] = [
        { authorization: `Bearer ${user.key}` },
        { "x-api-key": user.key },
      ];
      for (const header of credentials) {
        const res = await h.request(row.method, path, {
          headers: { ...header, ...(row.idempotent ? { "idempotency-key": idem() } : {}) },
          ...(row.method === "POST" ? { body: row.id === "assistant.sendMessage" ? { text: "hi" } : {} } : {}),
        });
        expect(res.status, row.id).toBe(403);
        expect(res.body.error.code).toBe("forbidden_scope");
        expect(res.body.error.details).toEqual({
          requiredScopes: ["assistant:use"],
          missingScopes: ["assistant:use"],
          allowedActors: ["session"],
        });
      }
    }
    // Nothing was asked, closed or handed off by the key.
    expect(await countRows("assistant_messages", user.id)).toBe(2);
    expect((await current(user)).body.status).toBe("open");
  });

  it("publishes the five operations for sessions only, and MCP lists none of them", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const ops = Object.values(doc.paths as Record<string, Record<string, any>>)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => String(op.operationId).startsWith("assistant."));
    expect(ops).toHaveLength(5);
    for (const op of ops) {
      expect(op.security).toEqual([{ session: [] }]);
      expect(op["x-dashboard-only"]).toBe(true);
      expect(op["x-mcp-tool"]).toBeUndefined();
    }
    const names = h.built.mcp.toolset.list.map((tool) => tool.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => n.startsWith("assistant_"))).toEqual([]);
  });
});

describe("idempotency", () => {
  it("replays a question under the same key without asking or counting again", async () => {
    const user = await h.user();
    const key = idem();
    const first = await ask(user, "What does idempotency_conflict mean?", {}, key);
    const again = await ask(user, "What does idempotency_conflict mean?", {}, key);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.body).toEqual(first.body);
    expect(await countRows("assistant_messages", user.id)).toBe(2);
    const conversation = await h.db.kysely
      .selectFrom("assistant_conversations")
      .selectAll()
      .where("id", "=", first.body.conversation.id)
      .executeTakeFirstOrThrow();
    expect(conversation.idempotency_key).toBe(key);
    const other = await ask(user, "Another question", {}, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");
  });

  it("replays a close and a hand-off", async () => {
    const user = await h.user();
    const id = (await ask(user, "How are MCP tools named?")).body.conversation.id;
    const closeKey = idem();
    const closeReq = () =>
      h.request("POST", `/assistant/conversations/${id}/close`, {
        token: user.session,
        idempotencyKey: closeKey,
        body: {},
      });
    const closed = await closeReq();
    expect(closed.status).toBe(200);
    const replayed = await closeReq();
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.body).toEqual(closed.body);

    const other = (await ask(user, "How do I connect an agent to the MCP endpoint over HTTP?")).body.conversation.id;
    const key = idem();
    const mailsBefore = h.mail.length;
    const handed = await handOff(user, { note: "Please call me back" }, key);
    expect(handed.status).toBe(201);
    const again = await handOff(user, { note: "Please call me back" }, key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(handed.body);
    expect(handed.body.conversation.id).toBe(other);
    expect(h.mail.length).toBe(mailsBefore + 1);
    expect(await countRows("assistant_handoffs", user.id)).toBe(1);
  });
});

describe("isolation", () => {
  it("never shows, continues, closes or hands off another account's conversation", async () => {
    const owner = await h.user();
    const other = await h.user();
    const id = (await ask(owner, "How are MCP tools named?")).body.conversation.id;
    const get = await h.request("GET", `/assistant/conversations/${id}`, { token: other.session });
    expect(get.status).toBe(404);
    expect(get.body.error.code).toBe("conversation_not_found");
    expect((await ask(other, "hi", { conversationId: id })).body.error.code).toBe("conversation_not_found");
    expect((await close(other, id)).body.error.code).toBe("conversation_not_found");
    expect((await handOff(other, { conversationId: id })).body.error.code).toBe("conversation_not_found");
    // The other account's own current conversation is its own, not the owner's.
    expect((await current(other)).body.error.code).toBe("conversation_not_found");
    const mine = await ask(other, "How are MCP tools named?");
    expect(mine.body.conversation.id).not.toBe(id);
    expect((await current(owner)).body.messages).toHaveLength(2);
  });
});

describe("refusals", () => {
  it("conversation_not_found: no current conversation, an unknown id", async () => {
    const user = await h.user();
    const none = await current(user);
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({
      code: "conversation_not_found",
      details: { reason: "no_open_conversation" },
    });
    const unknown = await h.request("GET", "/assistant/conversations/01900000-0000-7000-8000-000000000000", {
      token: user.session,
    });
    expect(unknown.status).toBe(404);
    expect((await handOff(user)).body.error.code).toBe("conversation_not_found");
  });

  it("conversation_closed: asking in, closing or handing off a closed conversation", async () => {
    const user = await h.user();
    const id = (await ask(user, "How are MCP tools named?")).body.conversation.id;
    const closed = await close(user, id);
    expect(closed.body).toMatchObject({ id, status: "closed", closedReason: "closed_by_person" });
    expect(closed.body.closedAt).toBe(h.clock.now().toISOString());
    for (const res of [
      await ask(user, "hi", { conversationId: id }),
      await close(user, id),
      await handOff(user, { conversationId: id }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "conversation_closed", details: { conversationId: id } });
    }
    expect(await countRows("assistant_messages", user.id)).toBe(2);
    // A closed conversation is still readable; the next question opens a new current one.
    expect((await h.request("GET", `/assistant/conversations/${id}`, { token: user.session })).body.status).toBe(
      "closed",
    );
    const fresh = await ask(user, "How are MCP tools named?");
    expect(fresh.body.conversation.id).not.toBe(id);
  });

  it("assistant_conversation_full: past the configured messages, nothing is stored or counted", async () => {
    const user = await h.user();
    const first = await ask(user, "How are MCP tools named?");
    await ask(user, "How do I connect Claude Desktop to Clipwright over stdio?");
    const full = await ask(user, "How do I pass an idempotency key in an MCP tool call?");
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({
      code: "assistant_conversation_full",
      details: { conversationId: first.body.conversation.id, maxMessages: 4, messageCount: 4 },
    });
    expect(await countRows("assistant_messages", user.id)).toBe(4);
    // Closing it makes room: the next question opens a new conversation, and the refusal was not counted.
    await close(user, first.body.conversation.id);
    const next = await ask(user, "How do I pass an idempotency key in an MCP tool call?");
    expect(next.status).toBe(201);
    expect(next.body.allowance.questionsLeftToday).toBe(2);
  });

  it("assistant_daily_limit: 429 with Retry-After to UTC midnight; the next day it answers again", async () => {
    const user = await h.user();
    for (let i = 0; i < 5; i++) {
      if (i > 0 && i % 2 === 0) await close(user, (await current(user)).body.id); // conversations hold 2 questions
      expect((await ask(user, `How are MCP tools named? (${i})`)).status).toBe(201);
    }
    await close(user, (await current(user)).body.id);
    const spent = await ask(user, "How are MCP tools named?");
    expect(spent.status).toBe(429);
    expect(spent.headers["retry-after"]).toBe("7200");
    expect(spent.body.error).toMatchObject({
      code: "assistant_daily_limit",
      details: { limit: 5, used: 5, resetAt: "2026-03-11T00:00:00.000Z" },
    });
    expect(await countRows("assistant_messages", user.id)).toBe(10);
    h.clock.advance(2 * 3_600_000);
    try {
      const tomorrow = await ask(user, "How are MCP tools named?");
      expect(tomorrow.status).toBe(201);
      expect(tomorrow.body.allowance).toEqual({
        questionsPerDay: 5,
        questionsLeftToday: 4,
        resetsAt: "2026-03-12T00:00:00.000Z",
      });
    } finally {
      h.clock.advance(-2 * 3_600_000);
    }
  });

  it("handoff_limit: past the hour's hand-offs; an hour after the first, another is allowed", async () => {
    const user = await h.user();
    for (let i = 0; i < 2; i++) {
      await ask(user, "How are MCP tools named?");
      const res = await handOff(user);
      expect(res.status).toBe(201);
      expect(res.body.allowance).toEqual({ handoffsPerHour: 2, handoffsLeftThisHour: 1 - i });
      h.clock.advance(60_000);
    }
    await ask(user, "How are MCP tools named?");
    const spent = await handOff(user);
    expect(spent.status).toBe(409);
    expect(spent.body.error).toMatchObject({
      code: "handoff_limit",
      details: { limit: 2, windowSeconds: 3600, retryAt: new Date(START.getTime() + 3_600_000).toISOString() },
    });
    expect((await current(user)).body.status).toBe("open");
    h.clock.advance(3_600_000 - 2 * 60_000);
    try {
      expect((await handOff(user)).status).toBe(201);
    } finally {
      h.clock.advance(-3_600_000);
    }
  });

  it("assistant_unavailable: the documentation cannot be read; nothing is stored", async () => {
    const broken = await Harness.start({
      config: { assistant: { ...harnessAssistant(), docsDir: "/nonexistent/clipwright-docs" } },
    });
    try {
      const user = await broken.user();
      const res = await broken.request("POST", "/assistant/messages", {
        token: user.session,
        idempotencyKey: idem(),
        body: { text: "How are MCP tools named?" },
      });
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toBe("30");
      expect(res.body.error).toMatchObject({
        code: "assistant_unavailable",
        details: { reason: "documentation_unreadable" },
      });
      const rows = await broken.db.kysely.selectFrom("assistant_conversations").selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe("hand-off", () => {
  it("mails the transcript to support with the person as Reply-To, and closes the conversation", async () => {
    const user = await h.user();
    const asked = await ask(user, "Does the service support two-factor authentication?");
    const res = await handOff(user, { note: "We need SSO before we can buy." });
    expect(res.status).toBe(201);
    const { handoff, conversation } = res.body;
    expect(res.headers.location).toBe(`/api/v1/assistant/conversations/${conversation.id}`);
    expect(handoff).toMatchObject({
      conversationId: asked.body.conversation.id,
      to: "help@clipwright.test",
      deliveredVia: "outbox",
      note: "We need SSO before we can buy.",
      createdAt: h.clock.now().toISOString(),
    });
    expect(conversation).toMatchObject({ status: "closed", closedReason: "handed_off", handoff });
    const mail = h.mail.at(-1);
    expect(mail).toMatchObject({ to: "help@clipwright.test", replyTo: user.email });
    expect(mail?.subject).toBe(`Hand-off from ${user.email} (conversation ${conversation.id})`);
    expect(mail?.text).toContain(`Account: ${user.id}`);
    expect(mail?.text).toContain("Note: We need SSO before we can buy.");
    expect(mail?.text).toContain("Does the service support two-factor authentication?");
    expect(mail?.text).toContain("Assistant (unknown):");
    expect((await current(user)).status).toBe(404);
  });

  it("writes the .eml to the outbox and logs where when no SMTP server is configured", async () => {
    const lines: string[] = [];
    const outbox = await Harness.start({
      outboxMail: true,
      logStream: { write: (l) => void lines.push(l) },
      config: { logLevel: "info", assistant: harnessAssistant() },
    });
    try {
      const user = await outbox.user();
      await outbox.request("POST", "/assistant/messages", {
        token: user.session,
        idempotencyKey: idem(),
        body: { text: "How are MCP tools named?" },
      });
      const res = await outbox.request("POST", "/assistant/handoffs", {
        token: user.session,
        idempotencyKey: idem(),
        body: {},
      });
      expect(res.body.handoff.deliveredVia).toBe("outbox");
      const dir = join(outbox.deps.config.dataDir, "outbox");
      const files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
      const eml = files.map((f) => readFileSync(join(dir, f), "utf8")).find((t) => t.includes("Hand-off from"));
      expect(eml).toContain("To: help@clipwright.test");
      expect(eml).toContain(`Reply-To: ${user.email}`);
      expect(eml).toContain("How are MCP tools named?");
      const logged = lines
        .map((l) => JSON.parse(l))
        .find((l) => l.msg?.includes("outbox") && l.subject?.includes("Hand-off"));
      expect(logged?.file).toMatch(/\.eml$/);
      expect(JSON.stringify(logged)).not.toContain("How are MCP tools named?");
    } finally {
      await outbox.close();
    }
  });

  it("delivers through a real SMTP server; a refused delivery is handoff_failed and changes nothing", async () => {
    const smtp = await SmtpReceiver.start();
    const mailed = await Harness.start({
      outboxMail: true,
      config: { smtpUrl: smtp.url, assistant: { ...harnessAssistant(), handoffsPerHour: 1 } },
    });
    try {
      const user = await mailed.user();
      const asked = await mailed.request("POST", "/assistant/messages", {
        token: user.session,
        idempotencyKey: idem(),
        body: { text: "How do I verify a webhook signature?" },
      });
      const id = asked.body.conversation.id;
      smtp.refusing = true;
      const failed = await mailed.request("POST", "/assistant/handoffs", {
        token: user.session,
        idempotencyKey: idem(),
        body: { note: "first try" },
      });
      expect(failed.status).toBe(422);
      expect(failed.body.error).toMatchObject({
        code: "handoff_failed",
        details: { reason: "delivery_failed", conversationId: id },
      });
      expect(smtp.received).toEqual([]);
      const still = await mailed.request("GET", "/assistant/conversations/current", { token: user.session });
      expect(still.body).toMatchObject({ id, status: "open", handoff: null });
      expect(await mailed.db.kysely.selectFrom("assistant_handoffs").selectAll().execute()).toEqual([]);

      // The allowance (one an hour) was not spent: the retry is delivered.
      smtp.refusing = false;
      const res = await mailed.request("POST", "/assistant/handoffs", {
        token: user.session,
        idempotencyKey: idem(),
        body: { note: "second try" },
      });
      expect(res.status).toBe(201);
      expect(res.body.handoff).toMatchObject({ deliveredVia: "smtp", to: "help@clipwright.test" });
      expect(res.body.allowance).toEqual({ handoffsPerHour: 1, handoffsLeftThisHour: 0 });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual(["help@clipwright.test"]);
      expect(mail?.raw).toMatch(new RegExp(`^Reply-To: ${user.email.replace(/[.]/g, "\\.")}\\r?$`, "m"));
      expect(mail?.raw).toContain(`Subject: Hand-off from ${user.email}`);
      expect(mailed.mail.at(-1)?.text).toContain("Note: second try");
      expect(mailed.mail.at(-1)?.text).toContain("How do I verify a webhook signature?");
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });
});
