import type { AttachmentBlock, BlockView } from '@wave-agent/shared-protocol';
import { blockView, hookRunView } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { stripAnsi } from './ansi.js';
import { blockViewLines, toolHookLines } from './block-view-lines.js';
import { textWidth } from './text-width.js';

const file: AttachmentBlock = {
  type: 'attachment',
  kind: 'file',
  name: 'src/a.ts',
  bytes: 1229,
  ref: 'f'.repeat(64),
};
const attachmentLines = (block: AttachmentBlock, width: number) =>
  blockViewLines(blockView(block), width, false);
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

describe('a block drawn from its view, by its shape', () => {
  const lines = (view: BlockView, width: number, expanded: boolean) =>
    blockViewLines(view, width, expanded).map(stripAnsi);

  it('draws a view no screen has seen (a new block kind) from its shape and parts alone', () => {
    const view: BlockView = {
      ...blockView({ type: 'notice', message: 'Plan ready: 2 steps', level: 'info' }),
      body: [{ kind: 'list', label: 'steps', items: [{ text: 'read', mark: 'done' }] }],
    };
    expect(lines(view, 40, false)).toEqual(['ℹ Plan ready: 2 steps']);
    expect(lines(view, 40, true)).toEqual(['ℹ Plan ready: 2 steps', '  steps', '    ☒ read']);
  });

  it("wraps a note's title under its glyph, never past the width", () => {
    const view = blockView({ type: 'error', message: 'The model API is unreachable now.' });
    expect(lines(view, 20, false)).toEqual(['✗ The model API is', '  unreachable now.']);
  });

  it("opens a hook's command, source, output and what the model was told", () => {
    const run = {
      id: 'h',
      event: 'Stop',
      command: './stop.sh',
      source: 'settings.json',
      stage: 'end' as const,
      outcome: 'blocked' as const,
      message: 'not yet',
      output: 'out\n',
      toModel: 'keep going',
    };
    expect(lines(hookRunView(run), 60, false)).toEqual([
      '⚠ Stop hook ./stop.sh: blocked — not yet',
    ]);
    expect(lines(hookRunView(run), 60, true)).toEqual([
      '⚠ Stop hook ./stop.sh: blocked — not yet',
      '  command',
      '    ./stop.sh',
      '  from',
      '    settings.json',
      '  output',
      '    out',
      '    ',
      '  told the model',
      '    keep going',
    ]);
    // Inside a tool card, indented under its header; a hook's bytes never reach the terminal raw.
    const [inCard = ''] = toolHookLines([{ ...run, message: 'no\u001b]0;x\u0007' }], 60, false);
    expect(inCard.startsWith('  ')).toBe(true);
    expect(inCard).not.toContain('\u001b]0;');
  });

  it("shows a divider's first body line collapsed, the whole body expanded", () => {
    const view = blockView({ type: 'compact', summary: 'We fixed it.\nThen tests.' });
    expect(lines(view, 60, false)[1]).toBe('  We fixed it. (Ctrl+O shows the summary)');
    expect(lines(view, 40, true).join('\n')).toContain('Then tests.');
  });
});
