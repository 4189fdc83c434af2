import type { ToolBlock } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { tailChars, tailLines } from './text-tail.js';
import { commandOf, fileChange, stageLabel, toolInput } from './tool-view.js';

const block = (fields: Partial<ToolBlock>): ToolBlock => ({
  type: 'tool',
  id: 't1',
  name: 'Edit',
  stage: 'running',
  parameters: '{}',
  ...fields,
});

describe('tool cards', () => {
  it('shows an Edit as the lines it removes and adds', () => {
    const change = fileChange('Edit', {
      file_path: 'a.ts',
      old_string: 'one\ntwo\nthree\n',
      new_string: 'one\n2\nthree\n',
    });
    expect(change).toEqual({
      path: 'a.ts',
      lines: [
        { kind: 'context', text: 'one' },
        { kind: 'removed', text: 'two' },
        { kind: 'added', text: '2' },
        { kind: 'context', text: 'three' },
      ],
    });
  });

  it('shows a Write as added lines, and nothing for other tools', () => {
    expect(fileChange('Write', { file_path: 'b.md', content: 'x\ny' })?.lines).toEqual([
      { kind: 'added', text: 'x' },
      { kind: 'added', text: 'y' },
    ]);
    expect(fileChange('Read', { file_path: 'b.md' })).toBeUndefined();
  });

  it('reads the input only once it is complete', () => {
    expect(toolInput(block({ stage: 'streaming', parameters: '{"command":"l' }))).toBeUndefined();
    const input = toolInput(block({ name: 'Bash', parameters: '{"command":"ls -la"}' }));
    expect(commandOf('Bash', input)).toBe('ls -la');
    expect(toolInput(block({ parameters: 'not json' }))).toBeUndefined();
  });

  it('says the stage in words', () => {
    expect(stageLabel(block({ stage: 'end' }), false)).toBe('done');
    expect(stageLabel(block({ stage: 'end', error: 'denied' }), false)).toBe('failed');
    expect(stageLabel(block({ stage: 'running' }), true)).toBe('waiting for permission');
  });

  it('keeps the last lines of long output and counts the rest', () => {
    const output = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    expect(tailLines(output, 3)).toEqual({ text: 'line 98\nline 99\nline 100', hiddenLines: 97 });
    expect(tailLines('a\nb', 5)).toEqual({ text: 'a\nb', hiddenLines: 0 });
    expect(tailChars('x'.repeat(50), 10)).toBe(`…${'x'.repeat(9)}`);
  });
});
