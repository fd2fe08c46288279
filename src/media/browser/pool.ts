import type { Browser, BrowserContext, Page } from "playwright-core";
import { FRAME_LIMIT_SCRIPT } from "./frame-limit.js";
import { type LaunchOptions, launchBrowser } from "./launch.js";
import { KEEP_NAMES_SCRIPT, NO_WEBRTC_SCRIPT } from "./no-webrtc.js";
import { type PoolObserver, UNOBSERVED } from "./pool-observer.js";
import { SessionSlots } from "./session-slots.js";

/** How a job sees the site: the viewport in CSS px, the device scale and the mobile/touch emulation. */
export interface CaptureSpec {
  width: number;
  height: number;
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
  userAgent?: string;
}

/** One job's isolated browser state (own cookies, storage and cache) with one page. */
export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly capture: CaptureSpec;
  /** Idempotent; never throws (a crashed browser already took the context with it). */
  close(): Promise<void>;
}

/** Per-session settings beyond what the page looks like. */
export interface SessionOptions {
  /**
   * The context's only way out (`http://127.0.0.1:<port>`): every request, loopback included, goes
   * through it. The caller owns the proxy and decides what it lets through.
   */
  proxyServer?: string;
  /** Ends the wait for a slot (the caller's job was cancelled or handed back); an open session is the caller's to close. */
  signal?: AbortSignal;
}

export interface BrowserPoolOptions extends LaunchOptions {
  /** Default timeout for actions and waits in each session, ms (default 15 s). */
  actionTimeoutMs?: number;
  /** Default timeout for navigations in each session, ms (default 30 s). */
  navigationTimeoutMs?: number;
  /**
   * Sessions open at once (default unbounded); past it `newSession()` waits for one to close. A caller
   * must not wait for a second session while it holds one, or a full pool would wait on itself.
   */
  maxSessions?: number;
  /** Told of sessions, waits, launches and crashes (the service's metrics); nobody by default. */
  observer?: PoolObserver;
}

/**
 * One shared Chromium per process, launched on first use; a fresh BrowserContext per job. If the browser
 * crashes or disconnects, the next `newSession()` launches a new one (sessions of the dead browser fail
 * on their own and their `close()` is a no-op).
 */
export class BrowserPool {
  private browser: Promise<Browser> | undefined;
  private readonly sessions = new Set<BrowserSession>();
  private readonly slots: SessionSlots;
  private readonly observer: PoolObserver;
  private running = 0;
  private closed = false;

  constructor(private readonly opts: BrowserPoolOptions = {}) {
    this.slots = new SessionSlots(opts.maxSessions ?? Number.POSITIVE_INFINITY);
    this.observer = opts.observer ?? UNOBSERVED;
    this.report();
  }

  /** The shared browser, launching (or relaunching) it when needed. */
  async getBrowser(): Promise<Browser> {
    if (this.closed) throw new Error("BrowserPool is closed");
    const current = this.browser;
    if (current) {
      const browser = await current.catch(() => undefined);
      if (browser?.isConnected()) return browser;
      if (this.browser === current) this.browser = undefined;
    }
    if (!this.browser) {
      const launching = launchBrowser(this.opts).then((browser) => {
        this.observer.launched("succeeded");
        this.running += 1;
        this.report();
        browser.on("disconnected", () => {
          this.running -= 1;
          if (!this.closed) this.observer.lost();
          this.report();
          if (this.browser === launching) this.browser = undefined;
        });
        return browser;
      });
      this.browser = launching;
      // A failed launch is not cached: the next call tries again.
      launching.catch(() => {
        this.observer.launched("failed");
        if (this.browser === launching) this.browser = undefined;
      });
    }
    return this.browser;
  }

  /** A fresh context and page, once a slot is free (maxSessions); closing the session gives the slot back. */
  async newSession(capture: CaptureSpec, opts: SessionOptions = {}): Promise<BrowserSession> {
    if (this.closed) throw new Error("BrowserPool is closed");
    const turn = this.slots.take(opts.signal);
    this.report();
    if (turn) {
      const asked = performance.now();
      try {
        await turn;
      } finally {
        this.report();
      }
      this.observer.waited((performance.now() - asked) / 1000);
    }
    let session: BrowserSession;
    try {
      session = await this.openSession(capture, opts);
    } catch (err) {
      this.giveBack();
      throw err;
    }
    this.sessions.add(session);
    return session;
  }

  private async openSession(capture: CaptureSpec, opts: SessionOptions): Promise<BrowserSession> {
    const browser = await this.getBrowser();
    const context = await browser.newContext({
      viewport: { width: capture.width, height: capture.height },
      screen: { width: capture.width, height: capture.height },
      deviceScaleFactor: capture.deviceScaleFactor,
      isMobile: capture.isMobile,
      hasTouch: capture.hasTouch,
      ...(capture.userAgent ? { userAgent: capture.userAgent } : {}),
      locale: "en-US",
      timezoneId: "UTC",
      colorScheme: "light",
      reducedMotion: "reduce",
      serviceWorkers: "block",
      acceptDownloads: false,
      // Chromium sends loopback straight past a proxy unless `<-loopback>` says otherwise; Playwright adds
      // it by default, but an environment variable can turn that off, so it is asked for explicitly.
      ...(opts.proxyServer ? { proxy: { server: opts.proxyServer, bypass: "<-loopback>" } } : {}),
    });
    context.setDefaultTimeout(this.opts.actionTimeoutMs ?? 15_000);
    context.setDefaultNavigationTimeout(this.opts.navigationTimeoutMs ?? 30_000);
    let page: Page;
    try {
      await context.addInitScript(NO_WEBRTC_SCRIPT);
      await context.addInitScript(KEEP_NAMES_SCRIPT);
      await context.addInitScript(FRAME_LIMIT_SCRIPT);
      page = await context.newPage();
    } catch (err) {
      await context.close().catch(() => {});
      throw err;
    }
    let closing: Promise<void> | undefined;
    const session: BrowserSession = {
      context,
      page,
      capture: { ...capture },
      close: () => {
        closing ??= context
          .close()
          .catch(() => {})
          .finally(() => {
            this.sessions.delete(session);
            this.giveBack();
          });
        return closing;
      },
    };
    return session;
  }

  private giveBack(): void {
    this.slots.give();
    this.report();
  }

  private report(): void {
    this.observer.usage({
      open: this.slots.inUse,
      capacity: this.slots.capacity,
      waiting: this.slots.waiting,
      browsers: this.running,
    });
  }

  /** Sessions not yet closed. */
  get openSessions(): number {
    return this.sessions.size;
  }

  /** Closes every session and the browser. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    this.slots.refuseWaiting(new Error("BrowserPool is closed"));
    await Promise.all([...this.sessions].map((s) => s.close()));
    const current = this.browser;
    this.browser = undefined;
    const browser = await current?.catch(() => undefined);
    await browser?.close().catch(() => {});
  }
}
