import type { DomainOperation } from "../../services.js";
import { cancelGenerationOperation } from "./cancel-generation.js";
import { createGenerationOperation } from "./create-generation.js";
import { getGenerationOperation } from "./get-generation.js";
import { listGenerationsOperation } from "./list-generations.js";
import { preflightGenerationOperation } from "./preflight-generation.js";
import { retryGenerationOperation } from "./retry-generation.js";

export const marketingGenerationsOperations: DomainOperation[] = [
  cancelGenerationOperation,
  createGenerationOperation,
  getGenerationOperation,
  listGenerationsOperation,
  preflightGenerationOperation,
  retryGenerationOperation,
];
