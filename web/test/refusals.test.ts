import { describe, expect, it } from "vitest";
import { ApiFailure, type Details } from "../src/api/failure";
import { refusalLines, refusalSentence } from "../src/api/refusals";

const refused = (code: ApiFailure["code"], details: Details = {}, status = 400) =>
  new ApiFailure(status, code, "The service's own sentence.", details, "req_abc");

// Every documented refusal of the dashboard's operations has a sentence: the compiler checks that
// (web/src/api/refusals.ts). These check that the sentences use the details a person needs.
describe("refusals said plainly", () => {
  it("names the numbers of a cap", () => {
    expect(refusalSentence(refused("conflict", { reason: "too_many_keys", max: 25, active: 25 }, 409))).toBe(
      "This account already has 25 active keys, the most it may hold (25). Revoke a key you no longer use, then try again.",
    );
    expect(refusalSentence(refused("too_many_endpoints", { max: 10, active: 10 }, 409))).toContain(
      "already has 10 active endpoints",
    );
  });

  it("says what is wrong with a webhook address", () => {
    expect(refusalSentence(refused("webhook_url_invalid", { reason: "bare_host" }))).toBe(
      "The host needs a full name with a dot in it, such as hooks.example.com.",
    );
    expect(refusalSentence(refused("webhook_url_blocked", { reason: "unresolvable", host: "nope.example" }))).toBe(
      "The host nope.example could not be found. Check the address for typos.",
    );
    expect(refusalSentence(refused("webhook_url_blocked", { reason: "loopback", host: "localhost.example" }))).toBe(
      "localhost.example leads to a private or reserved network address, which the service does not send events to.",
    );
  });

  it("tells wrong credentials from an ended session, and when to try again", () => {
    expect(refusalSentence(refused("unauthorized", { reason: "invalid_credentials" }, 401))).toContain(
      "do not match an account",
    );
    expect(refusalSentence(refused("unauthorized", { reason: "unknown_key" }, 401))).toContain("session has ended");
    const soon = new Date(Date.now() + 30_000).toISOString();
    expect(refusalSentence(refused("rate_limited", { scope: "email", resetAt: soon }, 429))).toMatch(
      /^Too many sign-in attempts for this address\. Try again in (29|30) seconds\.$/,
    );
    const later = new Date(Date.now() + 20 * 60_000).toISOString();
    expect(refusalSentence(refused("rate_limited", { scope: "minute", resetAt: later }, 429))).toBe(
      "Too many requests in a short time. Try again in 20 minutes.",
    );
  });

  it("lists each field's problem by its label, in plain words", () => {
    const failure = refused("validation_failed", {
      issues: [
        { path: "body.password", code: "min_length", message: "must NOT have fewer than 8 characters" },
        { path: "body.rateLimitPerMinute", code: "maximum", message: "must be <= 600" },
        { path: "body.scopes[3]", code: "not_grantable", message: "is never grantable to an API key" },
      ],
    });
    expect(refusalSentence(failure)).toBe("Some of what you entered cannot be accepted:");
    expect(
      refusalLines(failure, { password: "Password", rateLimitPerMinute: "Requests per minute", scopes: "Scopes" }),
    ).toEqual([
      "Password: use at least 8 characters",
      "Requests per minute: must be at most 600",
      "Scopes: is never grantable to an API key",
    ]);
  });

  it("lists what is missing (details.missing), and keeps the service's sentence for codes it has none for", () => {
    const failure = refused("anon_lifetime_cap", {
      missing: [{ field: "brandKit.logo", section: "style", message: "Choose a logo." }],
    });
    expect(refusalLines(failure, { "brandKit.logo": "Logo" })).toEqual(["Logo: Choose a logo."]);
    expect(refusalSentence(failure)).toBe("The service's own sentence.");
  });

  it("explains no answer at all", () => {
    expect(refusalSentence(new ApiFailure(0, "network", "No answer.", {}, null))).toContain("did not answer");
  });
});
