import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";

/** Text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}" +
  "button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:.375rem;background:#1f5eff;color:#fff;cursor:pointer}";

/**
 * The service's own small pages: no script at all, the one inline style allowed by its hash, forms
 * only to this origin, never framed.
 */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Sends a minimal HTML page; `body` is HTML the caller built with escapeHtml around anything given. */
export function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Clipwright</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
  return reply.code(status).header("Content-Security-Policy", PAGE_CSP).type("text/html; charset=utf-8").send(html);
}
