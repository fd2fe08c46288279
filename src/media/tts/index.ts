export {
  type Synthesis,
  SynthesisFailedError,
  type SynthesisOptions,
  type TtsEngine,
  TtsUnavailableError,
  type TtsVoice,
} from "./engine.js";
export { EspeakEngine } from "./espeak.js";
export { parseWav, type WavInfo } from "./wav.js";
