// The baseline: plain Fastify, one GET route, no hooks, no database. Every other figure of the core
// suite is read as a ratio of this one, measured in the same run on the same machine.
import type { AddressInfo } from "node:net";
import Fastify from "fastify";

// About the size and shape of the GET /account body (~400 bytes), so the baseline pays the same
// JSON serialisation and socket write and the ratio isolates what the service adds.
const body = {
  account: {
    id: "01970000-0000-7000-8000-000000000000",
    email: "bench@example.com",
    name: "bench",
    emailVerified: true,
    role: "owner",
    createdAt: "2025-01-01T00:00:00.000Z",
    deletionStatus: "active",
  },
  wallet: {
    planSeconds: 7200,
    paygSeconds: 1500,
    freeSeconds: 0,
    reservedSeconds: 0,
    availableSeconds: 8700,
    planId: "pro",
    planExpiresAt: "2025-01-31T00:00:00.000Z",
    planActive: true,
  },
  credential: { kind: "api_key", apiKeyId: "01970000-0000-7000-8000-000000000001", scopes: ["account:read"] },
};

const app = Fastify({ logger: false });
app.get("/bare", async () => body);
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

const stop = async () => {
  await app.close();
  process.exit(0); // a normal exit, so --cpu-prof writes its profile
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
