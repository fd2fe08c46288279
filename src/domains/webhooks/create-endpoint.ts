import { Type } from "@sinclair/typebox";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { lockAccount } from "../../db/locks.js";
import { uuidv7 } from "../../ids.js";
import { created } from "../../operations/define.js";
import { locationOf } from "../../operations/location.js";
import { OneTimeSecret } from "../../operations/one-time-secrets.js";
import { newSigningSecret } from "../../webhooks/signature.js";
import { defineOperation } from "../services.js";
import { checkWebhookUrl } from "./check-url.js";
import { CreateEndpointBody, EndpointSchema, endpointView, MAX_ACTIVE_ENDPOINTS } from "./schemas.js";
import { countActiveEndpoints } from "./store.js";

export const createEndpoint = defineOperation({
  id: "webhooks.create",
  summary: "Register a webhook endpoint",
  description:
    "Registers an https URL to receive signed events of the chosen types. The signing secret (whsec_…) is in this response only (an idempotent replay answers `secret: null`). At most 10 active endpoints per account.",
  body: CreateEndpointBody,
  responses: {
    201: Type.Object(
      { secret: OneTimeSecret("^whsec_", "Signs the deliveries to this endpoint."), endpoint: EndpointSchema },
      { additionalProperties: false },
    ),
  },
  errors: ["webhook_url_invalid", "webhook_url_blocked", "webhook_host_denied", "too_many_endpoints"],
  oneTimeSecrets: ["secret"],
  async handler({ actor, deps, body, now, idempotencyKey }) {
    await checkWebhookUrl(deps, body.url);
    const secret = newSigningSecret();
    const t = iso(now);
    const row = {
      id: uuidv7(now.getTime()),
      account_id: actor.accountId,
      url: body.url,
      events: JSON.stringify(body.events),
      description: body.description ?? null,
      secret_sealed: deps.vault.seal(secret),
      status: "active",
      failure_streak: 0,
      disabled_at: null,
      disabled_reason: null,
      last_delivery_at: null,
      idempotency_key: idempotencyKey,
      created_at: t,
      updated_at: t,
    };
    await deps.db.kysely.transaction().execute(async (tx) => {
      await lockAccount(tx, deps.db.dialect, actor.accountId);
      const active = await countActiveEndpoints(tx, actor.accountId);
      if (active >= MAX_ACTIVE_ENDPOINTS)
        throw new ApiError("too_many_endpoints", { max: MAX_ACTIVE_ENDPOINTS, active });
      await tx.insertInto("webhook_endpoints").values(row).execute();
    });
    return created({ secret, endpoint: endpointView(row) }, locationOf("webhooks.get", { id: row.id }));
  },
});
