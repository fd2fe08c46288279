import type { FastifyInstance } from "fastify";
import { ApiError } from "../../contract/errors.js";
import { HTTP_BODY_LIMIT } from "../../http/body.js";
import { escapeHtml, sendPage } from "../../http/pages/page.js";
import type { DomainServices } from "../services.js";
import { VERIFY_EMAIL_PAGE, VERIFY_TOKEN_PARAM, verifyEmailToken } from "./email-verification.js";

const FORM_TYPE = "application/x-www-form-urlencoded";
/** What a token can look like (the API route's bound); anything else is not a link we sent. */
const TOKEN_SHAPE = /^[A-Za-z0-9_]{1,128}$/;

/**
 * The page the verification mail links to. Opening the link (GET) only shows a button: mail scanners
 * and link previews fetch links, and must not use the token up. The button posts the token in a form
 * body to the same path, which verifies it as `POST /api/v1/auth/verify-email` does. No script: a
 * plain form works everywhere and lets the page's policy forbid scripts entirely.
 */
export function mountVerifyEmailPage(app: FastifyInstance, deps: DomainServices): void {
  // Its own plugin scope: the form parser exists only here; the API keeps its one JSON parser.
  app.register(async (scope) => {
    scope.addContentTypeParser(FORM_TYPE, { parseAs: "string" }, (_req, body, done) =>
      done(null, new URLSearchParams(body as string)),
    );

    scope.get(VERIFY_EMAIL_PAGE, async (req, reply) => {
      const token = (req.query as Record<string, unknown>)[VERIFY_TOKEN_PARAM];
      if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return invalidLink(reply);
      // A relative action: the form posts back to this path (also behind a proxy's path prefix),
      // with the token in the body rather than the URL.
      return sendPage(
        reply,
        200,
        "Verify your email address",
        `<p>Confirm that this address is yours to finish setting up your Clipwright account.</p>
<form method="post" action="${VERIFY_EMAIL_PAGE.slice(1)}">
<input type="hidden" name="${VERIFY_TOKEN_PARAM}" value="${escapeHtml(token)}">
<button type="submit">Verify my address</button>
</form>`,
      );
    });

    scope.post(VERIFY_EMAIL_PAGE, { bodyLimit: HTTP_BODY_LIMIT }, async (req, reply) => {
      if (!(req.body instanceof URLSearchParams)) {
        throw new ApiError("unsupported_media_type", { objection: "content_type", expected: FORM_TYPE });
      }
      const token = req.body.get(VERIFY_TOKEN_PARAM) ?? "";
      if (!TOKEN_SHAPE.test(token)) return invalidLink(reply);
      try {
        await verifyEmailToken(deps, token);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.code === "expired") {
          return sendPage(reply, 410, "This link has expired", "<p>Verification links work for 48 hours.</p>");
        }
        if (err.code === "not_found") return invalidLink(reply);
        throw err;
      }
      // Relative, like the form's action: the dashboard is this service's root, also behind a proxy's prefix.
      return sendPage(
        reply,
        200,
        "Address verified",
        '<p>Thank you: your email address is verified.</p>\n<p><a href="./">Open the dashboard</a></p>',
      );
    });
  });
}

const invalidLink = (reply: Parameters<typeof sendPage>[0]) =>
  sendPage(
    reply,
    404,
    "This link is not valid",
    "<p>It may have been used already, or copied incompletely from the mail.</p>",
  );
