import type { DomainOperation } from "../services.js";
import { createEndpoint } from "./create-endpoint.js";
import { deleteEndpoint } from "./delete-endpoint.js";
import { getEndpoint, listDeliveries, listEndpoints } from "./read-endpoints.js";
import { testEndpoint } from "./test-endpoint.js";
import { updateEndpoint } from "./update-endpoint.js";

export const webhooksOperations: DomainOperation[] = [
  createEndpoint,
  getEndpoint,
  listEndpoints,
  updateEndpoint,
  deleteEndpoint,
  testEndpoint,
  listDeliveries,
];
