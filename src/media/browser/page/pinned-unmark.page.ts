/** Removes the given marking attributes from every element that has them. */
export default function unmark(marks: string[]): void {
  for (const mark of marks) for (const el of document.querySelectorAll(`[${mark}]`)) el.removeAttribute(mark);
}
