import type { AttachmentBlock } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { stripAnsi } from './ansi.js';
import { attachmentLines } from './attachment-lines.js';
import { textWidth } from './text-width.js';

const file: AttachmentBlock = {
  type: 'attachment',
  kind: 'file',
  name: 'src/a.ts',
  bytes: 1229,
  ref: 'f'.repeat(64),
};
const plain = (block: AttachmentBlock, width: number) =>
  attachmentLines(block, width).map(stripAnsi);

describe('attachment chips', () => {
  it('shows a file with its size, its lines and whether it was cut', () => {
    expect(plain(file, 80)).toEqual(['  📎 src/a.ts · 1.2 KB']);
    expect(plain({ ...file, lines: { from: 3, to: 9 }, truncated: true }, 80)).toEqual([
      '  📎 src/a.ts:3-9 · 1.2 KB · cut',
    ]);
  });

  it('shows an image with its own glyph', () => {
    const image: AttachmentBlock = {
      ...file,
      kind: 'image',
      name: 'shot.png',
      bytes: 48 * 1024,
      mediaType: 'image/png',
    };
    expect(plain(image, 80)).toEqual(['  🖼 shot.png · 48.0 KB']);
  });

  it('stays within the width, cutting the start of a long path', () => {
    const long = { ...file, name: `${'deep/'.repeat(30)}名前.ts` };
    for (const width of [60, 30, 20, 12, 5]) {
      const [line = ''] = plain(long, width);
      expect(textWidth(line), `at ${width}`).toBeLessThanOrEqual(width);
    }
    expect(plain(long, 30)[0]).toMatch(/^ {2}📎 …\S*名前\.ts · 1\.2 KB$/);
    expect(plain({ ...long, lines: { from: 1, to: 2 } }, 30)[0]).toMatch(/名前\.ts:1-2 · 1\.2 KB$/);
  });

  it('never lets a control character of the name through', () => {
    // The raw line: stripping escapes first would remove the very sequence looked for.
    const [raw = ''] = attachmentLines({ ...file, name: 'a\u001b]0;owned\u0007.ts' }, 80);
    // eslint-disable-next-line no-control-regex -- the colours the chip paints itself, only
    const colours = /\u001b\[[0-9;]*m/g;
    // eslint-disable-next-line no-control-regex -- looking for exactly those
    expect(raw.replace(colours, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(raw).toContain('.ts');
  });
});
