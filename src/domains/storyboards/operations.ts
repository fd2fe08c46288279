import type { OperationImpl } from "../../operations/define.js";
import { cancelStoryboardOperation } from "./cancel-storyboard.js";
import { createStoryboardOperation } from "./create-storyboard.js";
import { getStoryboardOperation } from "./get-storyboard.js";
import { improveHintOperation } from "./improve-hint.js";
import { listStoryboardsOperation } from "./list-storyboards.js";
import { suggestOperation } from "./suggest.js";

export const storyboardsOperations: OperationImpl[] = [
  cancelStoryboardOperation,
  createStoryboardOperation,
  getStoryboardOperation,
  improveHintOperation,
  listStoryboardsOperation,
  suggestOperation,
];
