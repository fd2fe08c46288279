/** Every live descendant of `root` (not `root` itself), with its state letter (R, S, Z for a zombie…). */
export function descendants(root: number): { pid: number; state: string }[];
