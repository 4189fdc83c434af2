// Syntax highlighting of fenced code with cli-highlight. Only a named, known language is
// highlighted: auto-detection is slow and guesses wrong on short snippets.

import { highlight, supportsLanguage } from 'cli-highlight';

export function highlightCode(code: string, language: string | undefined): string[] {
  const name = language?.trim().split(/\s+/)[0]?.toLowerCase();
  if (!name || !supportsLanguage(name)) return code.split('\n');
  try {
    return highlight(code, { language: name, ignoreIllegals: true }).split('\n');
  } catch {
    // A grammar that fails on odd input still leaves the code readable.
    return code.split('\n');
  }
}
