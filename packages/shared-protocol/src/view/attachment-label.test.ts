import { describe, expect, it } from 'vitest';
import { attachmentLabel } from './attachment-label.js';

describe('attachmentLabel', () => {
  it('names the attachment, its lines, its size and whether it was cut', () => {
    const base = { type: 'attachment' as const, ref: 'r' };
    expect(attachmentLabel({ ...base, kind: 'file', name: 'src/a.ts', bytes: 812 })).toBe(
      'src/a.ts · 812 B',
    );
    expect(
      attachmentLabel({
        ...base,
        kind: 'file',
        name: 'a.ts',
        bytes: 1229,
        lines: { from: 3, to: 9 },
      }),
    ).toBe('a.ts:3-9 · 1.2 KB');
    expect(
      attachmentLabel({ ...base, kind: 'file', name: 'big.log', bytes: 102_400, truncated: true }),
    ).toBe('big.log · 100.0 KB · cut');
    expect(
      attachmentLabel({
        ...base,
        kind: 'image',
        name: 'shot.png',
        bytes: 3_145_728,
        mediaType: 'image/png',
      }),
    ).toBe('shot.png · 3.0 MB');
  });
});
