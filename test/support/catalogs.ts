import { buildCatalog, type Catalog } from "../../src/domains/catalog/catalog.js";
import { espeakVoices, parseEspeakVoices } from "../../src/domains/catalog/voices.js";

// Two rows of `espeak-ng --voices` (1.51): read by the service's own parser, so the voices have the
// shape the installed ones get.
const TABLE = `Pty Language       Age/Gender VoiceName          File                 Other Languages
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)
`;

/** Voice ids of the fixed catalogue: each speaks only its own language. */
export const FIXED_VOICES = { english: "espeak-ng:en-us", french: "espeak-ng:fr-fr" } as const;

/**
 * A catalogue with fixed voices whatever is installed on the machine (inject it with
 * `Harness.start({ catalog })`): tests of voice and language rules then never depend on, or skip for,
 * the voices a machine happens to have.
 */
export const fixedCatalog = (): Catalog => buildCatalog(espeakVoices(parseEspeakVoices(TABLE)));
