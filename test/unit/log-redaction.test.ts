import { describe, expect, it } from "vitest";
import { VERIFY_TOKEN_PARAM } from "../../src/domains/auth/email-verification.js";
import { redactUrl as redactWith } from "../../src/http/log-redaction.js";
import { SIGNATURE_PARAM } from "../../src/storage/file-links.js";

// The names the service passes: a signed file URL's signature and the e-mail verification token.
const redactUrl = (url: string) => redactWith(url, new Set([SIGNATURE_PARAM, VERIFY_TOKEN_PARAM]));

describe("redactUrl", () => {
  it("hides a signature and a verification token, keeps the rest", () => {
    expect(redactUrl("/files/jobs/1/video.mp4?expires=1700000000&sig=abc-_DEF")).toBe(
      "/files/jobs/1/video.mp4?expires=1700000000&sig=[redacted]",
    );
    expect(redactUrl("/verify-email?token=ver_abc")).toBe("/verify-email?token=[redacted]");
    expect(redactUrl("/api/v1/renders?limit=5&cursor=x")).toBe("/api/v1/renders?limit=5&cursor=x");
    expect(redactUrl("/api/v1/account")).toBe("/api/v1/account");
  });

  it("catches the names however they are written: percent-encoded, repeated, without a value", () => {
    expect(redactUrl("/f?%73ig=abc&%74oken=t")).toBe("/f?%73ig=[redacted]&%74oken=[redacted]");
    expect(redactUrl("/f?sig=a&sig=b")).toBe("/f?sig=[redacted]&sig=[redacted]");
    expect(redactUrl("/f?token")).toBe("/f?token=[redacted]");
    expect(redactUrl("/f?%zzsig=a&signature=b")).toBe("/f?%zzsig=a&signature=b");
  });
});
