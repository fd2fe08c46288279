import { primarySubtag } from "../catalog/language-tags.js";

/** Sample sentences per primary language subtag; any other language hears the English one. */
export const DEFAULT_PREVIEW_TEXTS: Readonly<Record<string, string>> = {
  en: "Hello! This is how your walkthrough narration will sound.",
  de: "Hallo! So klingt die Sprecherstimme deines Videos.",
  fr: "Bonjour ! Voici la voix qui racontera votre vidéo.",
  es: "¡Hola! Así sonará la narración de tu vídeo.",
  it: "Ciao! Ecco come suonerà la narrazione del tuo video.",
  pt: "Olá! É assim que a narração do seu vídeo vai soar.",
  nl: "Hallo! Zo klinkt de vertelstem van je video.",
};

export function defaultPreviewText(language: string): string {
  return DEFAULT_PREVIEW_TEXTS[primarySubtag(language).toLowerCase()] ?? (DEFAULT_PREVIEW_TEXTS.en as string);
}
