/**
 * A section's text cut into passages: paragraphs, top-level list items (with what is nested under them),
 * table rows (each a line of its own: a configuration table's row is one setting) and fenced code split at
 * blank lines. Search ranks passages and cites their section; an answer quotes the best passages.
 */
export function passagesOf(body: string): string[] {
  const passages: string[] = [];
  let block: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = block.join("\n").trim();
    if (text && !/^(```|~~~)\w*$/.test(text)) passages.push(text);
    block = [];
  };
  for (const line of body.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      if (line.trim() === "") flush();
      else block.push(line);
      continue;
    }
    if (line.trim() === "") {
      flush();
    } else if (/^\|/.test(line)) {
      flush();
      // The row above a separator row is the table's header: column names, no content.
      if (/^\|[\s:|-]+\|?\s*$/.test(line)) passages.pop();
      else passages.push(line.trim());
    } else if (/^([-*+]|\d+[.)])\s/.test(line)) {
      flush();
      block.push(line);
    } else {
      block.push(line);
    }
  }
  flush();
  return passages;
}
