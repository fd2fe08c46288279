import { createHash } from "node:crypto";
import scalarApiReference from "@scalar/fastify-api-reference";
import type { FastifyInstance } from "fastify";

/**
 * The interactive API reference at `GET {prefix}/reference`: a page built in the browser from the same
 * OpenAPI document the service serves at `{prefix}/openapi.json`, so the two cannot disagree.
 *
 * Offline by construction: the plugin serves its own script bundle under the same prefix (no CDN), the
 * default web fonts, the AI agent, telemetry and the developer toolbar are off, and the page's policy
 * lets it talk to this origin only (`connect-src 'self'`), so a stray feature cannot reach a third party.
 */
export async function mountApiReference(app: FastifyInstance, prefix: string, title: string): Promise<void> {
  await app.register(async (scope) => {
    // Only the routes registered in this scope (the reference's) get this policy.
    scope.addHook("onSend", (_req, reply, payload, done) => {
      const type = reply.getHeader("content-type");
      if (typeof type === "string" && type.startsWith("text/html") && typeof payload === "string") {
        reply.header("Content-Security-Policy", referencePolicy(payload));
      }
      done(null, payload);
    });
    await scope.register(scalarApiReference, {
      routePrefix: `${prefix}/reference` as `/${string}`,
      configuration: {
        pageTitle: `${title} — API reference`,
        // Relative to the page (…/reference/), so it also works behind a proxy that adds a path.
        sources: [{ url: "../openapi.json", title }],
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        showDeveloperTools: "never",
      },
    });
  });
}

/**
 * The reference page's Content-Security-Policy. The page starts the bundle with one inline script; it is
 * allowed by its hash, so no other inline script could run. The bundle injects its own <style> elements
 * at run time (they cannot be hashed), hence inline styles; images and fonts may be data: URLs.
 */
function referencePolicy(html: string): string {
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
  const hashes = inline.map(([, body]) => `'sha256-${sha256(body ?? "")}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("base64");
