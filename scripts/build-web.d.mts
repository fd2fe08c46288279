/**
 * Makes web/dist current (builds when missing or when its sources changed, or always with `force`);
 * throws when the build fails, over the bundle budget included.
 */
export declare function ensureWebBuild(opts?: {
  force?: boolean;
  log?: (msg: string) => void;
}): Promise<"current" | "built">;
