import type { DomainOperation } from "../../services.js";
import { cancelSourceOperation } from "./cancel-source.js";
import { createSourceOperation } from "./create-source.js";
import { deleteSourceOperation } from "./delete-source.js";
import { getSourceOperation } from "./get-source.js";
import { listSourcesOperation } from "./list-sources.js";
import { refreshSourceOperation } from "./refresh-source.js";

export const marketingSourcesOperations: DomainOperation[] = [
  cancelSourceOperation,
  createSourceOperation,
  deleteSourceOperation,
  getSourceOperation,
  listSourcesOperation,
  refreshSourceOperation,
];
