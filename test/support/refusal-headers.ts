import type { FastifyInstance } from "fastify";

/**
 * Header names every refusal carries: those of an ordinary 404 through the conventions' hooks,
 * transport headers aside. Refusals written elsewhere (before routing, by hand on a socket) must
 * carry the same, whatever headers the conventions add.
 */
export async function refusalHeaderNames(app: FastifyInstance): Promise<string[]> {
  const res = await app.inject({ method: "GET", url: "/api/v1/no-such-route" });
  return Object.keys(res.headers).filter((n) => !["content-length", "date", "connection", "keep-alive"].includes(n));
}
