/**
 * The words that say "sign in" and "sign out", in one place: the planner, the hint suggestions, the
 * sign-in's choice of submit control and the marketing scan's refused pages all read them from here.
 * English forms (with or without a space or hyphen: "Sign in", "sign-in", "signin", "Log in", "Login",
 * "Log on") and common translations (German, French, Spanish, Portuguese, Italian, Dutch).
 * Sources of regular expressions, alternatives to match as whole words (wholeWords), case-insensitively.
 */
export const SIGN_IN_WORDS =
  String.raw`sign[\s-]?in|log[\s-]?in|log[\s-]?on|anmelden|einloggen|connexion|se connecter|iniciar sesi[oó]n|` +
  "ingresar|acceder|entrar|accedi|inloggen|aanmelden";
export const SIGN_OUT_WORDS =
  String.raw`sign[\s-]?out|log[\s-]?out|log[\s-]?off|abmelden|ausloggen|d[ée]connexion|se d[ée]connecter|` +
  "cerrar sesi[oó]n|sair|esci|uitloggen|afmelden";
/** Sign-in, sign-out and account words: what AUTH_LINK matches. */
export const AUTH_WORDS = `${SIGN_IN_WORDS}|${SIGN_OUT_WORDS}|account`;

/**
 * A case-insensitive pattern matching one of `words` as a whole word. Unicode-aware: "Déconnexion" does
 * not hold the word "connexion", as a plain \b (which takes "é" for a word's edge) would say.
 */
export const wholeWords = (words: string): RegExp =>
  new RegExp(String.raw`(?<![\p{L}\p{N}_])(?:${words})(?![\p{L}\p{N}_])`, "iu");

/** A link that offers to sign in (by its text): the page has a way in. */
export const SIGN_IN_LINK = wholeWords(SIGN_IN_WORDS);

/**
 * A link that signs in or out, or leads to the account (by its text, or its URL's path read as words).
 * The planner never visits one while exploring (signing in is its own step), and hint suggestions never
 * offer one as a place.
 */
export const AUTH_LINK = wholeWords(AUTH_WORDS);
