// The processes below a root process, read from /proc (Linux): its children, their children, and so on.
// Plain JavaScript so bench/lib/memory-sampler.mjs can run it untransformed; typed by process-tree.d.mts.
import { readdirSync, readFileSync } from "node:fs";

/** Every live descendant of `root` (not `root` itself), with its state letter (R, S, Z for a zombie…). */
export function descendants(root) {
  const children = new Map();
  const states = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // it ended between the listing and the read
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const pid = Number(name);
    states.set(pid, state);
    const siblings = children.get(Number(ppid));
    if (siblings) siblings.push(pid);
    else children.set(Number(ppid), [pid]);
  }
  const found = [];
  const stack = [...(children.get(root) ?? [])];
  while (stack.length) {
    const pid = stack.pop();
    found.push({ pid, state: states.get(pid) ?? "?" });
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}
