import type { DomainOperation } from "../services.js";
import { createKeyOperation } from "./create-key.js";
import { getKeyOperation, listKeysOperation } from "./read-keys.js";
import { revokeKeyOperation } from "./revoke-key.js";
import { rotateKeyOperation } from "./rotate-key.js";

export const keysOperations: DomainOperation[] = [
  createKeyOperation,
  getKeyOperation,
  listKeysOperation,
  revokeKeyOperation,
  rotateKeyOperation,
];
