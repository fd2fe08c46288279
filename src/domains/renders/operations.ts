import type { DomainOperation } from "../services.js";
import { cancelRenderOperation } from "./cancel-render.js";
import { createRenderFromStoryboardOperation } from "./create-from-storyboard.js";
import { createRenderOperation } from "./create-render.js";
import { quoteRenderOperation } from "./quote.js";
import { downloadRenderOperation, getRenderOperation, listRendersOperation } from "./read-renders.js";

export const rendersOperations: DomainOperation[] = [
  cancelRenderOperation,
  createRenderOperation,
  createRenderFromStoryboardOperation,
  downloadRenderOperation,
  getRenderOperation,
  listRendersOperation,
  quoteRenderOperation,
];
