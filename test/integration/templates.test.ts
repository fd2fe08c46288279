import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iso } from "../../src/clock.js";
import { resolveTemplate } from "../../src/domains/render-templates/resolve.js";
import { MAX_TEMPLATES } from "../../src/domains/render-templates/schemas.js";
import { uuidv7 } from "../../src/ids.js";
import { Harness, idem } from "../../src/testutil/harness.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
  user = await h.user();
});
afterAll(() => h.close());

const create = (body: Record<string, unknown>, token = user.key) =>
  h.request("POST", "/templates", { token, idempotencyKey: idem(), body: { name: "t", options: {}, ...body } });
const put = (id: string, body: unknown, token = user.key) =>
  h.request("PUT", `/templates/${id}`, { token, idempotencyKey: idem(), body });
const del = (id: string, token = user.key) =>
  h.request("DELETE", `/templates/${id}`, { token, idempotencyKey: idem(), body: {} });
const get = (id: string, token = user.key) => h.request("GET", `/templates/${id}`, { token });
const list = (query = "", token = user.key) => h.request("GET", `/templates${query}`, { token });
const tick = (ms = 1000) => h.clock.advance(ms);

describe("POST /templates", () => {
  it("saves a named option set and answers it with Location", async () => {
    const res = await create({
      name: "Launch video",
      description: "For the launch",
      options: { orientation: "portrait", capture: "phone", captionStyle: "bold", background: "ocean", maxSeconds: 90 },
    });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/templates/${res.body.id}`);
    const at = h.clock.now().toISOString();
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Launch video",
      description: "For the launch",
      options: { background: "ocean", captionStyle: "bold", capture: "phone", orientation: "portrait", maxSeconds: 90 },
      system: false,
      createdAt: at,
      updatedAt: at,
    });
    const read = await get(res.body.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const row = await h.db.kysely
      .selectFrom("render_templates")
      .selectAll()
      .where("id", "=", res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(user.id);
  });

  it("accepts no options and no description", async () => {
    const res = await create({ name: "empty" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ options: {}, description: null, system: false });
  });

  it("bounds name, description, lengths and refuses unknown fields", async () => {
    const code = async (body: Record<string, unknown>) => (await create(body)).body.error.code;
    expect(await code({ name: "" })).toBe("validation_failed");
    expect(await code({ name: "n".repeat(121) })).toBe("validation_failed");
    expect((await create({ name: "n".repeat(120) })).status).toBe(201);
    expect(await code({ description: "d".repeat(501) })).toBe("validation_failed");
    expect(await code({ options: { targetSeconds: 601 } })).toBe("validation_failed");
    expect(await code({ options: { maxSeconds: 0 } })).toBe("validation_failed");
    expect(await code({ options: { templateId: "sys_quick_demo" } })).toBe("validation_failed");
    expect(await code({ colour: "red" })).toBe("validation_failed");
    const missing = await h.request("POST", "/templates", {
      token: user.key,
      idempotencyKey: idem(),
      body: { name: "x" },
    });
    expect(missing.body.error.code).toBe("validation_failed");
  });

  it("checks the options against the catalogue with the spec's codes", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ background: "plaid" }, "background_unknown"],
      [{ captionStyle: "comic" }, "caption_style_unknown"],
      [{ capture: "watch" }, "capture_unknown"],
      [{ orientation: "diagonal" }, "orientation_unknown"],
      [{ avatar: "robot" }, "avatar_unknown"],
      [{ avatar: "presenter" }, "avatar_unavailable"],
      [{ language: "zz-QQ" }, "language_unknown"],
      [{ voiceId: "nobody:none" }, "voice_unknown"],
      [{ capture: "phone", orientation: "landscape" }, "capture_incompatible"],
      [{ targetSeconds: 29 }, "length_below_minimum"],
      [{ targetSeconds: 60, maxSeconds: 90 }, "options_invalid"],
    ];
    for (const [options, expected] of cases) {
      const res = await create({ options });
      expect(res.status, expected).toBe(400);
      expect(res.body.error.code).toBe(expected);
    }
  });

  it(`refuses the ${MAX_TEMPLATES + 1}st saved template with template_limit`, async () => {
    const other = await h.user();
    const now = iso(h.clock.now());
    const rows = Array.from({ length: MAX_TEMPLATES - 1 }, (_, i) => ({
      id: uuidv7(),
      account_id: other.id,
      name: `t${i}`,
      description: null,
      options: "{}",
      idempotency_key: null,
      created_at: now,
      updated_at: now,
    }));
    await h.db.kysely.insertInto("render_templates").values(rows).execute();
    expect((await create({ name: "fiftieth" }, other.key)).status).toBe(201);
    const refused = await create({ name: "one too many" }, other.key);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("template_limit");
    expect(refused.body.error.details).toMatchObject({ max: MAX_TEMPLATES, active: MAX_TEMPLATES });
    // Deleting one makes room again.
    expect((await del(rows[0]?.id as string, other.key)).status).toBe(200);
    expect((await create({ name: "room again" }, other.key)).status).toBe(201);
  });
});

describe("GET /templates", () => {
  it("lists only the account's saved templates, most recently updated first, in cursor pages", async () => {
    const u = await h.user();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      tick();
      ids.push((await create({ name: `n${i}` }, u.key)).body.id);
    }
    const all = await list("", u.key);
    expect(all.status).toBe(200);
    expect(all.body.data.map((t: { id: string }) => t.id)).toEqual([...ids].reverse());
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.data.every((t: { system: boolean }) => t.system === false)).toBe(true);

    // Replacing the oldest moves it to the top.
    tick();
    const moved = await put(ids[0] as string, { name: "renamed", options: { targetSeconds: 45 } }, u.key);
    expect(moved.status).toBe(200);
    expect(moved.body.updatedAt).toBe(h.clock.now().toISOString());
    expect(moved.body.createdAt).not.toBe(moved.body.updatedAt);
    const order = [ids[0], ids[4], ids[3], ids[2], ids[1]];

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`, u.key);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((t: { id: string }) => t.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(order);
  });

  it("breaks ties on updatedAt by id, and refuses bad limits and cursors", async () => {
    const u = await h.user();
    const a = (await create({ name: "a" }, u.key)).body.id;
    const b = (await create({ name: "b" }, u.key)).body.id;
    const page = await list("", u.key);
    expect(page.body.data.map((t: { id: string }) => t.id)).toEqual([b, a].sort().reverse());
    expect((await list("?limit=0", u.key)).body.error.code).toBe("validation_failed");
    expect((await list("?limit=101", u.key)).body.error.code).toBe("validation_failed");
    expect((await list("?cursor=nonsense", u.key)).body.error.code).toBe("invalid_cursor");
  });

  it("defaults to 20 per page", async () => {
    const u = await h.user();
    const now = iso(h.clock.now());
    await h.db.kysely
      .insertInto("render_templates")
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          id: uuidv7(),
          account_id: u.id,
          name: `t${i}`,
          description: null,
          options: "{}",
          idempotency_key: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const page = await list("", u.key);
    expect(page.body.data).toHaveLength(20);
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });
});

describe("PUT and DELETE /templates/{id}", () => {
  it("replaces name, description and options; an omitted description is cleared", async () => {
    const t = (await create({ name: "before", description: "desc", options: { background: "white" } })).body;
    tick();
    const res = await put(t.id, { name: "after", options: { captionStyle: "none", maxSeconds: 200 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: t.id,
      name: "after",
      description: null,
      options: { captionStyle: "none", maxSeconds: 200 },
      system: false,
      createdAt: t.createdAt,
      updatedAt: h.clock.now().toISOString(),
    });
    expect((await get(t.id)).body).toEqual(res.body);
    const bad = await put(t.id, { name: "after", options: { background: "plaid" } });
    expect(bad.body.error.code).toBe("background_unknown");
    expect((await get(t.id)).body.options).toEqual({ captionStyle: "none", maxSeconds: 200 });
  });

  it("deletes, answering { id, deleted: true }; then it is gone", async () => {
    const t = (await create({ name: "doomed" })).body;
    const res = await del(t.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: t.id, deleted: true });
    expect((await get(t.id)).status).toBe(404);
    expect((await del(t.id)).body.error.code).toBe("not_found");
    expect(await resolveTemplate(h.deps, user.id, t.id)).toBeNull();
  });

  it("hides another account's templates: 404 not_found on get, put and delete, like every resource", async () => {
    const t = (await create({ name: "mine" })).body;
    const stranger = await h.user();
    for (const res of [
      await get(t.id, stranger.key),
      await put(t.id, { name: "theirs", options: {} }, stranger.key),
      await del(t.id, stranger.key),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await list("", stranger.key)).body.data).toEqual([]);
    expect((await get(t.id)).body.name).toBe("mine");
    expect(await resolveTemplate(h.deps, stranger.id, t.id)).toBeNull();
    expect(await resolveTemplate(h.deps, user.id, t.id)).toEqual({});
  });

  it("answers 404 for unknown and malformed ids", async () => {
    expect((await get(uuidv7())).body.error.code).toBe("not_found");
    expect((await get("not-a-template")).body.error.code).toBe("not_found");
    expect((await get("sys_nothing")).body.error.code).toBe("not_found");
  });
});

describe("system templates", () => {
  it("are read by id with system: true, and never listed", async () => {
    for (const id of ["sys_product_tour", "sys_social_vertical", "sys_quick_demo"]) {
      const res = await get(id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, system: true, name: expect.any(String) });
    }
    expect((await get("sys_social_vertical")).body.options).toEqual({
      orientation: "portrait",
      capture: "phone",
      captionStyle: "bold",
    });
    expect((await get("sys_quick_demo")).body.options).toEqual({ targetSeconds: 45 });
    const u = await h.user();
    expect((await list("", u.key)).body.data).toEqual([]);
    expect(await resolveTemplate(h.deps, u.id, "sys_product_tour")).toEqual({
      orientation: "landscape",
      capture: "desktop",
      captionStyle: "classic",
    });
  });

  it("are read-only: PUT and DELETE answer 409 conflict", async () => {
    const p = await put("sys_product_tour", { name: "mine now", options: {} });
    expect(p.status).toBe(409);
    expect(p.body.error).toMatchObject({ code: "conflict", details: { reason: "system_template" } });
    const d = await del("sys_product_tour");
    expect(d.status).toBe(409);
    expect(d.body.error.details.reason).toBe("system_template");
    expect((await get("sys_product_tour")).body.name).toBe("Product tour");
  });
});

describe("scopes", () => {
  it("needs renders:read to read and renders:write to change", async () => {
    const reader = await h.key(user.id, ["renders:read"]);
    expect((await list("", reader.secret)).status).toBe(200);
    const refused = await create({ name: "x" }, reader.secret);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden_scope");
  });
});
