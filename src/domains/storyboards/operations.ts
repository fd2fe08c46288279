import type { DomainOperation } from "../services.js";
import { cancelStoryboardOperation } from "./cancel-storyboard.js";
import { createStoryboardOperation } from "./create-storyboard.js";
import { getStoryboardOperation } from "./get-storyboard.js";
import { improveHintOperation } from "./improve-hint.js";
import { listStoryboardsOperation } from "./list-storyboards.js";
import { suggestOperation } from "./suggest.js";

export const storyboardsOperations: DomainOperation[] = [
  cancelStoryboardOperation,
  createStoryboardOperation,
  getStoryboardOperation,
  improveHintOperation,
  listStoryboardsOperation,
  suggestOperation,
];
