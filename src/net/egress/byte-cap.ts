/**
 * Bytes one answer may bring a browser page through the egress proxy unless configured otherwise
 * (`CLIPWRIGHT_BROWSER_MAX_RESPONSE_BYTES`; decision 0029). A page's HTML is rarely over 2 MB and an
 * image over 5; 16 MiB let a bottomless stream take Chromium past 2 GB.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * Decoded bytes of one HTML document unless configured otherwise (`CLIPWRIGHT_BROWSER_MAX_DOCUMENT_BYTES`).
 * Measured on a 2-core machine, scanning a document of paragraphs: 8 MiB took Chromium to 2.3 GB, 4 MiB to
 * 1.5 GB, 2 MiB to 0.75–1.2 GB. Real pages' HTML is rarely over 1 MB; past the cap it is used as far as it got.
 */
export const DEFAULT_MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
