/**
 * Bytes one answer may bring a browser page through the egress proxy unless configured otherwise
 * (`CLIPWRIGHT_BROWSER_MAX_RESPONSE_BYTES`; decision 0029). A page's HTML is rarely over 2 MB and an
 * image over 5; 16 MiB let a bottomless stream take Chromium past 2 GB.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
