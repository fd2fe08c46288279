/**
 * How deeply a request's JSON may nest. No schema of the API goes past a handful of levels; the
 * limit exists so that nothing downstream (validation walks, hashing, JSON.stringify, the MCP SDK)
 * ever recurses deep enough to exhaust the stack on a hostile body.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Does JSON text open more than `limit` nested objects or arrays? One pass over the characters,
 * skipping string contents (escapes included), with no recursion and nothing allocated: it is safe
 * to run on any text before JSON.parse builds it. Text that is not JSON gets some answer; the parse
 * that follows refuses it.
 */
export function textNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * The same question for a value already parsed by someone else (the MCP SDK parses stdio messages
 * itself): an explicit stack of (value, depth) pairs instead of recursion.
 */
export function valueNestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return false;
}
