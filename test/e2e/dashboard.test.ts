// The dashboard end to end: the built web app (web/dist) served by the real service process
// (`clipwright serve`, development, SQLite in its own data directory), driven in the system Chromium like
// a person would. Every page passes axe-core (no serious or critical violation), the app calls nothing but
// the published API, nothing leaves the service, and the strict policy refuses nothing the app does.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureWebBuild } from "../../scripts/build-web.mjs";
import { verifyWebhook } from "../../src/webhooks/index.js";
import { childEnv, runCli } from "../support/cli-process.js";
import {
  launchChromium,
  screenshot,
  seriousViolations,
  sidewaysOverflow,
  type Visitor,
  visitor,
} from "../support/dashboard-browser.js";
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
import { type Receiver, startReceiver } from "../support/webhook-receiver.js";

let app: ServedApp;
let browser: Browser;
let receiver: Receiver;
/** Every operation of the published document, as a method and a path pattern. */
let published: Published;
const visitors: Visitor[] = [];

const person = { name: "Ada <b>Lovelace</b>", email: `ada-${Date.now()}@example.com`, password: "analytical engine" };

async function open(viewport?: { width: number; height: number }): Promise<Visitor> {
  const v = await visitor(browser, app.base, viewport);
  visitors.push(v);
  return v;
}

beforeAll(async () => {
  await ensureWebBuild({ log: () => {} });
  receiver = await startReceiver(() => new Date());
  app = await startServedApp({ CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1" });
  browser = await launchChromium();
  published = await publishedOperations(app.base);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await receiver?.close();
});

describe("the dashboard in Chromium", () => {
  it("checks accessibility with a check that finds what it should", async () => {
    const { page } = await open();
    await page.setContent('<html lang="en"><title>t</title><main><img src="data:,"><button></button></main></html>');
    expect((await seriousViolations(page)).map((v) => v.id).sort()).toEqual(["button-name", "image-alt"]);
  });

  it("a new person signs up, verifies the address, creates an API key and copies it", async () => {
    const v = await open();
    const { page } = v;

    // Opening the dashboard signed out lands on sign-in, which offers sign-up.
    await page.goto(`${app.base}/`);
    await page.waitForURL(`${app.base}/sign-in?next=%2F`);
    await check(page, "sign-in", "sign-in");
    await page.getByRole("link", { name: "Create an account" }).click();
    await heading(page, "Create your account");

    // The password rule is said next to the field, before anything is sent.
    await page.getByLabel("Your name").fill(person.name);
    await page.getByLabel("Email address").fill(person.email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Use at least 8 characters (3 more).").waitFor();
    await check(page, "sign-up-password-rule", "sign-up");
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await heading(page, "Check your inbox");
    await page.getByText(person.email).waitFor();
    await check(page, "sign-up-sent");

    // The mailed link opens the service's verification page; its button verifies.
    const link = await app.mailedLink(person.email, /https?:\/\/\S+\/verify-email\?token=\S+/);
    expect(new URL(link).origin).toBe(app.base);
    await page.goto(link);
    await page.getByRole("button", { name: "Verify my address" }).click();
    await page.getByRole("heading", { name: "Address verified" }).waitFor();
    await check(page, "verify-email-done", "verify-email");
    await page.getByRole("link", { name: "Open the dashboard" }).click();
    await page.waitForURL(/\/sign-in/);
    await signIn(page, person.email, person.password);
    await heading(page, "Overview");
    await page.getByRole("heading", { name: "Ledger" }).waitFor();
    await page.getByText("Free time granted").waitFor();
    // The name came back from the service as text, never as markup.
    expect(await page.locator("b", { hasText: "Lovelace" }).count()).toBe(0);

    // A key needs paid time: the refusal says so in words, with the request id to quote.
    await page.getByRole("link", { name: "API keys" }).click();
    await heading(page, "API keys");
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();
    await check(page, "keys-empty");
    await page.getByRole("link", { name: "Create key" }).first().click();
    await heading(page, "Create an API key");
    await page.getByLabel("Name").fill("CI pipeline");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByText("Choose at least one scope.").waitFor();
    expect(await focused(page)).toMatchObject({ tag: "input", type: "checkbox" }); // the first field to fix
    for (const scope of ["account:read", "renders:read", "renders:write", "webhooks:manage"]) {
      await page.getByRole("checkbox", { name: new RegExp(`^${scope}\\b`) }).check();
    }
    await page.getByLabel("Requests per minute").fill("60");
    await page.getByRole("button", { name: "Create key" }).click();
    const refusal = page.getByRole("alert");
    await refusal.getByText("API keys need paid video time").waitFor();
    expect(await refusal.locator("code").textContent()).toMatch(/^req_/);
    await check(page, "key-refused-unpaid");

    // The operator adds time (the admin CLI); the same form then creates the key.
    const grant = await runCli(
      ["admin", "grant", "--email", person.email, "--topup-seconds", "600", "--data-dir", app.dataDir],
      childEnv({ CLIPWRIGHT_ENV: "development" }),
    );
    expect(grant.code, grant.stderr).toBe(0);
    await page.waitForTimeout(600); // the service's credential cache holds an account's state for 500 ms
    await page.getByRole("button", { name: "Create key" }).click();
    await heading(page, "Your new API key");
    const secret = await page.getByLabel("The key").inputValue();
    expect(secret).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    await page.getByText("This is the only time it is shown").waitFor();
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied to the clipboard.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await check(page, "key-created", "api-key-created");
    const withKey = await fetch(`${app.base}/api/v1/account`, { headers: { authorization: `Bearer ${secret}` } });
    expect(withKey.status).toBe(200);
    expect(((await withKey.json()) as { credential: { scopes: string[] } }).credential.scopes).toEqual([
      "account:read",
      "renders:read",
      "renders:write",
      "webhooks:manage",
    ]);

    // The list shows it; rotation with a grace period shows the new secret once and keeps the old one working.
    await page.getByRole("link", { name: "Done: back to the keys" }).click();
    await heading(page, "API keys");
    const row = page.getByRole("row", { name: /CI pipeline/ });
    await row.getByText("active").waitFor();
    await row.getByText("60/min").waitFor();
    await check(page, "keys", "api-keys");
    await row.getByRole("button", { name: "Rotate CI pipeline" }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate “CI pipeline”" });
    await dialog.getByLabel("The old key").selectOption("3600");
    await dialog.getByRole("button", { name: "Rotate key" }).click();
    await dialog.getByText(/The old key keeps working until/).waitFor();
    const rotated = await dialog.getByLabel("The key").inputValue();
    expect(rotated).toMatch(/^svc_live_/);
    expect(rotated).not.toBe(secret);
    await check(page, "key-rotated", "api-key-rotate");
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByText(/stops in (60 minutes|1 hour)/).waitFor();

    // Revoking the new key stops it at once.
    const fresh = page.getByRole("row", { name: new RegExp(`${rotated.slice(-4)}`) });
    await fresh.getByRole("button", { name: "Revoke CI pipeline" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await fresh.getByText("revoked").waitFor();
    expect(
      (await fetch(`${app.base}/api/v1/account`, { headers: { authorization: `Bearer ${rotated}` } })).status,
    ).toBe(401);

    await page.getByRole("link", { name: "Account" }).click();
    await heading(page, "Account");
    await page.getByText("verified", { exact: true }).waitFor();
    await check(page, "account", "account");
    expectCleanVisit(v, published);
  }, 120_000);

  it("registers a webhook to a local receiver, sends a test, sees the delivery in the log, then deletes it", async () => {
    const v = await open();
    const { page } = v;
    // The newcomer's path: the credentials `npm start` printed.
    await page.goto(`${app.base}/webhooks`);
    await page.waitForURL(/\/sign-in\?next=%2Fwebhooks/);
    await signIn(page, app.dev.email, app.dev.password);
    await heading(page, "Webhooks");
    await page.getByRole("heading", { name: "No endpoints yet" }).waitFor();
    await check(page, "webhooks-empty");
    await page.getByRole("link", { name: "Add endpoint" }).first().click();
    await heading(page, "Add a webhook endpoint");

    // A host with no dot is refused, said plainly; page text from the caller stays text.
    await page.getByLabel("Endpoint address").fill("http://receiver/hook");
    await page.getByLabel("Description (optional)").fill('<img src=x onerror="alert(1)"> CI notifier');
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByText("The host needs a full name with a dot in it").waitFor();
    await check(page, "webhook-refused-bare-host", "webhook-new");

    await page.getByLabel("Endpoint address").fill(receiver.url("/hook"));
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await heading(page, "Endpoint added");
    const secret = await page.getByLabel("The signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await check(page, "webhook-created", "webhook-secret");
    await page.getByRole("link", { name: "Go to the endpoint" }).click();
    await heading(page, receiver.url("/hook"));
    await page.getByText('<img src=x onerror="alert(1)"> CI notifier').waitFor();
    expect(await page.locator("main img").count()).toBe(0);

    await page.getByRole("button", { name: "Send test event" }).click();
    await page.getByText(/^Test delivered: your receiver answered HTTP 200 in \d+ ms\.$/).waitFor({ timeout: 20_000 });
    const delivery = page.getByRole("row", { name: /webhook\.test/ });
    await delivery.getByText("succeeded").waitFor();
    await delivery.getByRole("cell", { name: "200", exact: true }).waitFor();
    await delivery.getByText(/^\d+ ms$/).waitFor();
    await check(page, "webhook-delivered", "webhook");
    const [received] = receiver.received("/hook");
    expect(received?.headers["service-event-type"]).toBe("webhook.test");
    expect(verifyWebhook(secret, received?.headers["service-signature"] as string, received?.raw as Buffer).ok).toBe(
      true,
    );

    // Disabled, it says why and offers to enable it again.
    await page.getByRole("button", { name: "Disable" }).click();
    await page.getByText("This endpoint receives nothing while it is disabled.").waitFor();
    await check(page, "webhook-disabled");
    await page.getByRole("button", { name: "Enable endpoint" }).click();
    await page.getByRole("button", { name: "Send test event" }).waitFor();

    await page.getByRole("link", { name: "Webhooks", exact: true }).first().click();
    await heading(page, "Webhooks");
    await page
      .getByRole("row", { name: /127\.0\.0\.1/ })
      .getByText("active")
      .waitFor();
    await check(page, "webhooks", "webhooks");

    // Deleting asks first, then the list is empty again.
    await page.getByRole("link", { name: receiver.url("/hook") }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await check(page, "webhook-delete");
    await confirm.getByRole("button", { name: "Delete endpoint" }).click();
    await heading(page, "Webhooks");
    await page.getByRole("heading", { name: "No endpoints yet" }).waitFor();
    await page.getByRole("link", { name: "Overview" }).click();
    await heading(page, "Overview");
    await page.getByRole("img", { name: /requests from/ }).waitFor();
    await check(page, "overview", "overview");
    expectCleanVisit(v, published);
  }, 120_000);

  it("a session that ends mid-task goes to sign-in and back to the same page", async () => {
    const v = await open();
    const { page } = v;
    await page.goto(`${app.base}/webhooks/new`);
    await signIn(page, app.dev.email, app.dev.password);
    await heading(page, "Add a webhook endpoint");
    // The session ends elsewhere (signed out in another place, or expired).
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem("clipwright.session") ?? "{}").token);
    const ended = await fetch(`${app.base}/api/v1/auth/sessions/current`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status).toBe(204);
    await page.getByLabel("Endpoint address").fill(receiver.url("/later"));
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.waitForURL(/\/sign-in\?next=%2Fwebhooks%2Fnew&reason=expired$/);
    await page.getByText("Your session has ended. Sign in again to carry on where you were.").waitFor();
    await check(page, "session-ended");
    await signIn(page, app.dev.email, app.dev.password);
    await page.waitForURL(`${app.base}/webhooks/new`);
    await heading(page, "Add a webhook endpoint");
    expectCleanVisit(v, published);
  }, 120_000);

  it("a session whose time runs out while the page is open does the same", async () => {
    const v = await open();
    const { page } = v;
    await page.clock.install(); // the page's clock, moved forward below as if the laptop slept for a week
    await page.goto(`${app.base}/keys`);
    await signIn(page, app.dev.email, app.dev.password);
    await heading(page, "API keys");
    await page.clock.fastForward(8 * 86_400_000); // 8 days: past the session's 7
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(/\/sign-in\?next=%2Fwebhooks&reason=expired$/);
    await page.getByText("Your session has ended.", { exact: false }).waitFor();
    expectCleanVisit(v, published);
  }, 120_000);

  it("works by keyboard alone: sign in, create a key, copy it, a dialog that Escape closes", async () => {
    const v = await open();
    const { page } = v;
    await page.goto(`${app.base}/keys/new`);
    await page.waitForURL(/\/sign-in/);
    await tabTo(page, page.getByLabel("Email address"));
    await page.keyboard.type(app.dev.email);
    await tabTo(page, page.getByLabel("Password"));
    await page.keyboard.type(app.dev.password);
    await page.keyboard.press("Enter");
    await heading(page, "Create an API key");
    expect(await focused(page)).toMatchObject({ tag: "h1", text: "Create an API key" }); // announced on arrival
    await tabTo(page, page.getByLabel("Name"));
    await page.keyboard.type("Keyboard");
    await tabTo(page, page.getByRole("button", { name: "Select all" }));
    await page.keyboard.press("Enter");
    await page.getByText("12 of 12 chosen").waitFor();
    await tabTo(page, page.getByRole("button", { name: "Create key" }));
    await page.keyboard.press("Enter");
    await heading(page, "Your new API key");
    await tabTo(page, page.getByRole("button", { name: "Copy" }));
    await page.keyboard.press("Enter");
    await page.getByText("Copied to the clipboard.").waitFor();
    await tabTo(page, page.getByRole("link", { name: "Done: back to the keys" }));
    await page.keyboard.press("Enter");
    await heading(page, "API keys");

    const revoke = page.getByRole("button", { name: "Revoke Keyboard" });
    await tabTo(page, revoke);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Revoke “Keyboard”?" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    expect(await focused(page)).toMatchObject({ tag: "button", text: "Revoke Keyboard" }); // focus given back

    // The skip link is the first stop, and leads past the navigation.
    await page.reload();
    await heading(page, "API keys");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Skip to content" });
    await page.keyboard.press("Enter");
    expect(await focused(page)).toMatchObject({ tag: "main", id: "main" });
    expectCleanVisit(v, published);
  }, 120_000);

  it("reads on a phone's width and at 200 % zoom: no sideways scrolling, the navigation at hand", async () => {
    for (const [name, viewport] of [
      ["phone", { width: 375, height: 812 }],
      ["zoom-200", { width: 640, height: 450 }],
    ] as const) {
      const v = await open(viewport);
      const { page } = v;
      await page.goto(`${app.base}/`);
      await signIn(page, app.dev.email, app.dev.password);
      await heading(page, "Overview");
      await page.getByRole("heading", { name: "Ledger" }).waitFor();
      for (const [path, title] of [
        ["/", "Overview"],
        ["/keys", "API keys"],
        ["/keys/new", "Create an API key"],
        ["/webhooks", "Webhooks"],
        ["/account", "Account"],
      ] as const) {
        await page.getByRole("navigation").getByRole("link", { name: "Account" }).waitFor();
        await page.goto(`${app.base}${path}`);
        await heading(page, title);
        expect(await sidewaysOverflow(page), `${path} at ${name}`).toBeNull();
        expect(await seriousViolations(page), `axe on ${path} at ${name}`).toEqual([]);
      }
      await page.goto(`${app.base}/`);
      await page.getByRole("heading", { name: "Ledger" }).waitFor();
      await screenshot(page, `overview-${name}`, name === "phone" ? "overview-phone" : undefined);
      expectCleanVisit(v, published);
    }
  }, 120_000);
});
