import { accountOperations } from "./domains/account/operations.js";
import { assistantOperations } from "./domains/assistant/operations.js";
import { catalogOperations } from "./domains/catalog/operations.js";
import { keysOperations } from "./domains/keys/operations.js";
import { brandKitOperations } from "./domains/marketing/brand-kit/operations.js";
import { marketingExportsOperations } from "./domains/marketing/exports/operations.js";
import { marketingGenerationsOperations } from "./domains/marketing/generations/operations.js";
import { marketingProjectsOperations } from "./domains/marketing/projects/operations.js";
import { marketingSourcesOperations } from "./domains/marketing/sources/operations.js";
import { renderTemplatesOperations } from "./domains/render-templates/operations.js";
import { rendersOperations } from "./domains/renders/operations.js";
import type { DomainOperation, DomainServices } from "./domains/services.js";
import { storyboardsOperations } from "./domains/storyboards/operations.js";
import { usageOperations } from "./domains/usage/operations.js";
import { voicesOperations } from "./domains/voices/operations.js";
import { walletOperations } from "./domains/wallet/operations.js";
import { webhooksOperations } from "./domains/webhooks/operations.js";
import type { MountedOperation } from "./operations/define.js";
import { OPERATIONS } from "./operations/registry.js";

// Part of the composition root, beside app.ts: the operation contract (src/operations) knows no domain;
// here each domain's implementations are collected and matched to the registry's rows.

/** Every implemented operation, from each domain's own list. */
const IMPLEMENTATIONS: DomainOperation[] = [
  ...accountOperations,
  ...assistantOperations,
  ...brandKitOperations,
  ...catalogOperations,
  ...keysOperations,
  ...marketingExportsOperations,
  ...marketingGenerationsOperations,
  ...marketingProjectsOperations,
  ...marketingSourcesOperations,
  ...rendersOperations,
  ...storyboardsOperations,
  ...renderTemplatesOperations,
  ...usageOperations,
  ...voicesOperations,
  ...walletOperations,
  ...webhooksOperations,
];

const byId = new Map(IMPLEMENTATIONS.map((impl) => [impl.id, impl]));
for (const impl of IMPLEMENTATIONS) {
  if (!OPERATIONS.some((row) => row.id === impl.id))
    throw new Error(`${impl.id} is implemented but not in the registry`);
}

/** Registry rows with a handler: these are mounted and published; the rest are not. */
export const MOUNTED: MountedOperation<DomainServices>[] = OPERATIONS.flatMap((row) => {
  const impl = byId.get(row.id);
  return impl ? [{ row, impl }] : [];
});
