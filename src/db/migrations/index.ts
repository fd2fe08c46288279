import type { Kysely } from "kysely";
import * as m0001 from "./0001_platform.js";
import * as m0002 from "./0002_jobs_webhooks.js";
import * as m0003 from "./0003_templates.js";
import * as m0004 from "./0004_walkthrough_credentials.js";
import * as m0005 from "./0005_marketing_sources.js";
import * as m0006 from "./0006_brand_kit.js";
import * as m0007 from "./0007_marketing_projects.js";
import * as m0008 from "./0008_marketing_exports.js";
import * as m0009 from "./0009_assistant.js";

export interface Migration {
  up(db: Kysely<unknown>): Promise<void>;
}

/** Migrations in order. Names sort; add new ones at the end and never edit a landed one. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_platform": m0001,
  "0002_jobs_webhooks": m0002,
  "0003_templates": m0003,
  "0004_walkthrough_credentials": m0004,
  "0005_marketing_sources": m0005,
  "0006_brand_kit": m0006,
  "0007_marketing_projects": m0007,
  "0008_marketing_exports": m0008,
  "0009_assistant": m0009,
};
