// The `@path` imports of a memory file, as Claude Code reads them: an `@` at the start of a line
// or after white space, up to the next white space (`\ ` keeps a space in the path). Nothing
// inside a fenced code block or an inline code span is an import, so an example in the docs of
// a file stays an example.

const IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)[^`]*?\1/g;

/** The text with fenced blocks and inline code spans blanked out. */
export function outsideCode(text: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const opening = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      // A fence closes with a line of the same character, at least as long.
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length)
        fence = undefined;
      kept.push('');
    } else if (opening !== undefined) {
      fence = opening;
      kept.push('');
    } else kept.push(line.replace(CODE_SPAN, ' '));
  }
  return kept.join('\n');
}

/** The paths a memory file imports, in the order written, each once. */
export function importPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of outsideCode(text).matchAll(IMPORT)) {
    const path = (match[1] ?? '').replace(/\\ /g, ' ');
    if (path !== '') found.add(path);
  }
  return [...found];
}
