import type { OperationImpl } from "../../operations/define.js";
import { createKeyOperation } from "./create-key.js";
import { getKeyOperation, listKeysOperation } from "./read-keys.js";
import { revokeKeyOperation } from "./revoke-key.js";
import { rotateKeyOperation } from "./rotate-key.js";

export const keysOperations: OperationImpl[] = [
  createKeyOperation,
  getKeyOperation,
  listKeysOperation,
  revokeKeyOperation,
  rotateKeyOperation,
];
