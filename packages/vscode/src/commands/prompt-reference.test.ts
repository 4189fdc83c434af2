// What "Add Selection or File to Prompt" inserts: the lines with their file and numbers, in a
// fence the selected text cannot close; with nothing selected, the file's path.
import { describe, expect, it } from 'vitest';
import { promptReference } from './prompt-reference.js';

const at = { path: 'src/a.ts', languageId: 'typescript', startLine: 4, endLine: 6 };

describe('a reference for the prompt', () => {
  it('fences the selection with its file and lines', () => {
    expect(promptReference({ ...at, text: 'const a = 1;\nconst b = 2;\n' })).toBe(
      'src/a.ts (lines 5-7):\n```typescript\nconst a = 1;\nconst b = 2;\n```\n',
    );
  });

  it('uses a fence longer than any backticks inside, and the path alone for no selection', () => {
    expect(promptReference({ ...at, endLine: 4, text: 'a ```` b' })).toBe(
      'src/a.ts (line 5):\n`````typescript\na ```` b\n`````\n',
    );
    expect(promptReference({ ...at, text: '' })).toBe('src/a.ts ');
  });
});
