import type { DomainOperation } from "../../services.js";
import { createProjectOperation } from "./create-project.js";
import { createRevisionOperation } from "./create-revision.js";
import { deleteProjectOperation } from "./delete-project.js";
import { editProjectOperation } from "./edit-project.js";
import { getProjectOperation } from "./get-project.js";
import { listProjectsOperation } from "./list-projects.js";
import { listRevisionsOperation } from "./list-revisions.js";

export const marketingProjectsOperations: DomainOperation[] = [
  createProjectOperation,
  createRevisionOperation,
  deleteProjectOperation,
  editProjectOperation,
  getProjectOperation,
  listProjectsOperation,
  listRevisionsOperation,
];
