/**
 * What an inspection runs on (decision 0025): a URL scan (first scan or refresh) or a render source. The
 * domain fixes `version` when it creates the job (latest succeeded + 1; one inspection at a time makes
 * that safe), and the pipeline writes its files under `sources/<sourceId>/v<version>/`.
 */
export type InspectionInput =
  | { kind: "url"; sourceId: string; version: number; previousVersion: number | null; url: string }
  | {
      kind: "render";
      sourceId: string;
      version: 1;
      renderId: string;
      url: string;
      /** storage keys of the render's retained files */
      files: { video: string; poster: string; captions: string | null; quality: string | null };
    };
