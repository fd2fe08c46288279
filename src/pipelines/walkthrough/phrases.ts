import { quoteSiteText } from "./site-text.js";

/**
 * The planner's sentence templates per narration language. Only our own words are translated: text
 * quoted from the site (names, headings) is inserted exactly as the page wrote it.
 */
export interface Phrases {
  welcomeTitle(site: string): string;
  welcome(site: string): string;
  open(page: string): string;
  cardAction(control: string): string;
  cardCovers(card: string): string;
  scrollMore(section: string): string;
  scrollTo(section: string): string;
  cta(action: string): string;
  fill(field: string): string;
  /** Typing a value into a search box (the hint's "search for London"). */
  search(value: string): string;
}

const en: Phrases = {
  welcomeTitle: (s) => `Welcome to ${s}`,
  welcome: (s) => `Welcome to ${s}.`,
  open: (p) => `Let's open ${p}.`,
  cardAction: (c) => `Each card has its own next step, like ${c}.`,
  // No "it" here: nothing before the line names what the cards belong to.
  cardCovers: (c) => `Each card covers one topic, starting with ${c}.`,
  scrollMore: (s) => `Scroll down to ${s} to see more.`,
  scrollTo: (s) => `Scroll down to ${s}.`,
  cta: (a) => `When you are ready, choose ${a}.`,
  // English reads better lower-cased ("fill in email"); other languages keep the label as written.
  fill: (f) => `Fill in ${f.toLowerCase()} to get started in seconds.`,
  search: (v) => `Type ${v} into the search box, and the list narrows as you type.`,
};

const de: Phrases = {
  welcomeTitle: (s) => `Willkommen bei ${s}`,
  welcome: (s) => `Willkommen bei ${s}.`,
  open: (p) => `Öffnen wir ${p}.`,
  cardAction: (c) => `Jede Karte hat ihren eigenen nächsten Schritt, zum Beispiel ${c}.`,
  cardCovers: (c) => `Jede Karte behandelt einen Teil davon, angefangen mit ${c}.`,
  scrollMore: (s) => `Scrollen Sie nach unten zu ${s}, um mehr zu sehen.`,
  scrollTo: (s) => `Scrollen Sie nach unten zu ${s}.`,
  cta: (a) => `Wenn Sie bereit sind, wählen Sie ${a}.`,
  fill: (f) => `Füllen Sie ${f} aus, um in Sekunden loszulegen.`,
  search: (v) => `Geben Sie ${v} in das Suchfeld ein, und die Liste wird beim Tippen kürzer.`,
};

const fr: Phrases = {
  welcomeTitle: (s) => `Bienvenue sur ${s}`,
  welcome: (s) => `Bienvenue sur ${s}.`,
  open: (p) => `Ouvrons ${p}.`,
  cardAction: (c) => `Chaque carte propose sa propre étape suivante, comme ${c}.`,
  cardCovers: (c) => `Chaque carte présente un aspect, à commencer par ${c}.`,
  scrollMore: (s) => `Faites défiler jusqu'à ${s} pour en voir plus.`,
  scrollTo: (s) => `Faites défiler jusqu'à ${s}.`,
  cta: (a) => `Quand vous êtes prêt, choisissez ${a}.`,
  fill: (f) => `Remplissez le champ ${f} pour commencer en quelques secondes.`,
  search: (v) => `Tapez ${v} dans le champ de recherche : la liste se réduit à mesure que vous tapez.`,
};

const es: Phrases = {
  welcomeTitle: (s) => `Bienvenido a ${s}`,
  welcome: (s) => `Bienvenido a ${s}.`,
  open: (p) => `Abramos ${p}.`,
  cardAction: (c) => `Cada tarjeta tiene su propio siguiente paso, como ${c}.`,
  cardCovers: (c) => `Cada tarjeta cubre una parte, empezando por ${c}.`,
  scrollMore: (s) => `Desplázate hasta ${s} para ver más.`,
  scrollTo: (s) => `Desplázate hasta ${s}.`,
  cta: (a) => `Cuando estés listo, elige ${a}.`,
  fill: (f) => `Rellena el campo ${f} para empezar en segundos.`,
  search: (v) => `Escribe ${v} en el cuadro de búsqueda y la lista se reduce mientras escribes.`,
};

const it: Phrases = {
  welcomeTitle: (s) => `Benvenuti su ${s}`,
  welcome: (s) => `Benvenuti su ${s}.`,
  open: (p) => `Apriamo ${p}.`,
  cardAction: (c) => `Ogni scheda ha il suo passo successivo, come ${c}.`,
  cardCovers: (c) => `Ogni scheda tratta una parte, a cominciare da ${c}.`,
  scrollMore: (s) => `Scorri fino a ${s} per vedere di più.`,
  scrollTo: (s) => `Scorri fino a ${s}.`,
  cta: (a) => `Quando sei pronto, scegli ${a}.`,
  fill: (f) => `Compila il campo ${f} per iniziare in pochi secondi.`,
  search: (v) => `Digita ${v} nella casella di ricerca e l'elenco si restringe mentre scrivi.`,
};

const pt: Phrases = {
  welcomeTitle: (s) => `Bem-vindo a ${s}`,
  welcome: (s) => `Bem-vindo a ${s}.`,
  open: (p) => `Vamos abrir ${p}.`,
  cardAction: (c) => `Cada cartão tem o seu próximo passo, como ${c}.`,
  cardCovers: (c) => `Cada cartão aborda uma parte, começando por ${c}.`,
  scrollMore: (s) => `Role até ${s} para ver mais.`,
  scrollTo: (s) => `Role até ${s}.`,
  cta: (a) => `Quando estiver pronto, escolha ${a}.`,
  fill: (f) => `Preencha o campo ${f} para começar em segundos.`,
  search: (v) => `Digite ${v} na caixa de pesquisa e a lista diminui enquanto digita.`,
};

const nl: Phrases = {
  welcomeTitle: (s) => `Welkom bij ${s}`,
  welcome: (s) => `Welkom bij ${s}.`,
  open: (p) => `Laten we ${p} openen.`,
  cardAction: (c) => `Elke kaart heeft een eigen volgende stap, zoals ${c}.`,
  cardCovers: (c) => `Elke kaart behandelt een onderdeel, te beginnen met ${c}.`,
  scrollMore: (s) => `Scrol omlaag naar ${s} om meer te zien.`,
  scrollTo: (s) => `Scrol omlaag naar ${s}.`,
  cta: (a) => `Als je klaar bent, kies je ${a}.`,
  fill: (f) => `Vul ${f} in om binnen enkele seconden te beginnen.`,
  search: (v) => `Typ ${v} in het zoekvak, en de lijst wordt korter terwijl je typt.`,
};

const TABLES = { en, de, fr, es, it, pt, nl } as const;

export type NarrationLanguage = keyof typeof TABLES;

/** "fr-FR" → fr; null, empty or an unknown language → en (recorded as the plan's narrationLanguage). */
export function narrationLanguageOf(language: string | null | undefined): NarrationLanguage {
  const primary = (language ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return Object.hasOwn(TABLES, primary) ? (primary as NarrationLanguage) : "en";
}

/** The language's templates; every site text put into them is quoted when it reads as a sentence of its own. */
export const phrasesFor = (language: string | null | undefined): Phrases => {
  const lang = narrationLanguageOf(language);
  const table: Phrases = TABLES[lang];
  const quoting = Object.entries(table).map(([key, template]) => [
    key,
    (text: string) => (template as (t: string) => string)(quoteSiteText(text, lang)),
  ]);
  return Object.fromEntries(quoting) as unknown as Phrases;
};
