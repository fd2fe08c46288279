/** Where the corpus is installed (node_modules/.cache/clipwright-sites). */
export declare const SITE_CORPUS_DIR: string;
/** Installs the corpus unless the installed copy is already this lock's; returns its directory. */
export declare function ensureSiteCorpus(opts?: { log?: (msg: string) => void }): string;
