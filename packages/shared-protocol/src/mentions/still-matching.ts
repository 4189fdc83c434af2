// Which files of a list found for an earlier `@` query still fit what is typed now. The agent
// matches a path's letters in order (case aside), so its answer to the new query holds no others:
// a list kept up while that answer comes is narrowed with this, never widened (both prompts).

import type { FoundFile } from '../rpc/methods.js';

/** The files whose path has the query's letters in order (case aside), in their order. */
export function stillMatching(files: readonly FoundFile[], query: string): readonly FoundFile[] {
  const letters = [...query.toLowerCase()];
  return files.filter((file) => {
    const path = file.path.toLowerCase();
    let at = 0;
    for (const letter of letters) {
      const found = path.indexOf(letter, at);
      if (found === -1) return false;
      at = found + letter.length;
    }
    return true;
  });
}
