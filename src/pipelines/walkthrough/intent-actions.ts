import type { BeatDraft, BeatTarget } from "./beats.js";
import { MATCH_THRESHOLD, nameScore } from "./intent-match.js";
import type { Intent } from "./intents.js";
import type { Phrases } from "./phrases.js";
import type { PageSnapshot, SnapshotControl, TabTarget } from "./site-map.js";

/**
 * What an intent does once its place is in view: open the tab it names, type into the table's search box
 * or a form's field, open one item's dialog (a modal, a lightbox). Each answers the beat, or why there is
 * none (a warning's reason).
 */

export const NO_SEARCH_BOX = "no search box on the matched page";
export const NO_FORM = "no form on the matched page";
export const NO_TAB = "no tab of that name on the matched page";
export const NO_DIALOG = "nothing on the matched page opens an item";

export type ActionOutcome = { beat: BeatDraft } | { reason: string };

export const targetOf = (c: SnapshotControl): BeatTarget => ({
  ...(c.role ? { role: c.role } : {}),
  ...(c.name ? { name: c.name } : {}),
  ...(c.css ? { css: c.css } : {}),
});

/** Typed when a form intent names no value: what the field asks for. */
export const sampleValue = (field: { name: string; type: string }): string => {
  if (field.type === "email" || /e-?mail/i.test(field.name)) return "jane@example.com";
  if (/first/i.test(field.name)) return "Jane";
  if (/last|sur/i.test(field.name)) return "Doe";
  if (/name/i.test(field.name)) return "Jane Doe";
  if (field.type === "tel" || /phone/i.test(field.name)) return "555 0100";
  return "Example";
};

/** The tab of the page the intent names ("with its messages tab open"). */
export function tabBeat(intent: Intent, tabs: TabTarget[], url: string, t: Phrases): ActionOutcome {
  const words = intent.tab ?? [];
  const tab = tabs
    .filter((x) => x.url === url)
    .map((x) => ({ x, score: nameScore(words, x.name) }))
    .filter((m) => m.score >= MATCH_THRESHOLD)
    .sort((a, b) => b.score - a.score)[0]?.x;
  if (!tab) return { reason: NO_TAB };
  return {
    beat: { title: tab.name, action: "click", target: targetOf(tab.control), url, narration: t.open(tab.name) },
  };
}

/**
 * What to search for when the hint leaves it to us ("search for a name"): the first word of the table's
 * first cell, so the search shows rows narrowing to a real one; else a placeholder word.
 */
const sampleSearch = (snap: PageSnapshot | null): string => {
  const cell = snap?.content?.tables.find((tb) => tb.rows.length > 1)?.rows[0]?.[0] ?? "";
  return /^[\p{L}][\p{L}'-]{2,}/u.exec(cell.trim())?.[0] ?? "Example";
};

export function searchBeat(intent: Intent, snap: PageSnapshot | null, url: string, t: Phrases): ActionOutcome {
  const box = snap?.tables.find((tb) => tb.search)?.search ?? snap?.searches[0];
  if (!box) return { reason: NO_SEARCH_BOX };
  const value = intent.action?.value ?? sampleSearch(snap);
  return {
    beat: {
      title: box.name.replace(/[\s:]+$/, "") || "Search",
      action: "type",
      target: targetOf(box),
      url,
      value,
      narration: t.search(value),
    },
  };
}

/**
 * The field to type into: the one whose name the intent gives ("the first name"), else the first field
 * of the form the intent's place names, else of the page's first form (forms in page order: "at the
 * top" is the first).
 */
export function fillBeat(intent: Intent, snap: PageSnapshot | null, url: string, t: Phrases): ActionOutcome {
  const forms = snap?.forms ?? [];
  const words = intent.action?.field ?? [];
  const fields = forms.flatMap((f) => f.fields);
  const named = words.length > 0 ? fields.find((f) => nameScore(words, f.name) >= MATCH_THRESHOLD) : undefined;
  const place = intent.targets.flat();
  const form = forms.find((f) => place.length > 0 && nameScore(place, f.name) >= 0.5) ?? forms[0];
  const field = named ?? form?.fields[0];
  if (!field) return { reason: NO_FORM };
  return {
    beat: {
      title: field.name,
      action: "type",
      target: targetOf(field),
      url,
      value: intent.action?.value ?? sampleValue(field),
      narration: t.fill(field.name),
    },
  };
}

/** One item's dialog: of the part of the page just shown (`section`, its heading) when it has any. */
export function openBeat(snap: PageSnapshot | null, section: string | null, url: string, t: Phrases): ActionOutcome {
  const dialogs = (snap?.dialogs ?? []).filter((d) => d.name || d.control.css);
  const dialog = dialogs.find((d) => section !== null && d.section === section) ?? dialogs[0];
  if (!dialog) return { reason: NO_DIALOG };
  const name = dialog.name || "this item";
  return { beat: { title: name, action: "click", target: dialogTarget(dialog.control), url, narration: t.open(name) } };
}

/**
 * A dialog's opener as a beat targets it: by its selector, named for the narration, without a role (a
 * link that opens a dialog is no page of its own: the plan's views key a link's click by its page).
 */
export const dialogTarget = (c: SnapshotControl): BeatTarget => (c.css ? { name: c.name, css: c.css } : targetOf(c));
