import { describe, expect, it } from "vitest";
import { AUTH_LINK, SIGN_IN_LINK } from "../../src/pipelines/browsing/auth-link.js";

// The one sign-in/sign-out vocabulary (issue 21, item 5): the planner and the hint suggestions skip
// AUTH_LINK as places; SIGN_IN_LINK says a page has a way in; the sign-in's submit words and the
// marketing scan's refused pages are built from the same words.

describe("sign-in and sign-out links", () => {
  const signIn = ["Sign in", "Sign-in", "SIGN IN", "signin", "Log in", "Log-in", "Login", "Log on", "Anmelden"];
  const signInMore = ["Se connecter", "Connexion", "Iniciar sesión", "Entrar", "Accedi", "Inloggen", "Aanmelden"];
  const signOut = ["Sign out", "Logout", "Log out", "Log off", "Abmelden", "Déconnexion", "Cerrar sesión", "Uitloggen"];

  it("a sign-in link, in English forms and common translations", () => {
    for (const label of [...signIn, ...signInMore]) expect(SIGN_IN_LINK.test(label), label).toBe(true);
  });

  it("signing out, an account, a sign-up or words that contain the letters are not a way in", () => {
    for (const label of [...signOut, "My account", "Sign up", "Blogin tips", "Catalog index", "Design insights"])
      expect(SIGN_IN_LINK.test(label), label).toBe(false);
  });

  it("the planner skips signing in, signing out and the account, by text or by path words", () => {
    for (const label of [...signIn, ...signInMore, ...signOut, "My account", "users sign in", "auth log out"])
      expect(AUTH_LINK.test(label), label).toBe(true);
    for (const label of ["Pricing", "Blog", "Catalog", "Sign up", "Designing in teams", "Accounting"])
      expect(AUTH_LINK.test(label), label).toBe(false);
  });
});
