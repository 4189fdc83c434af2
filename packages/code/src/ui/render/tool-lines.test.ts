import { describe, expect, it } from 'vitest';
import type { ToolBlock } from '@wave-agent/shared-protocol';
import { stripAnsi } from './ansi.js';
import { collapsedToolLines, expandedToolLines, streamingParametersTail } from './tool-lines.js';

const tool = (fields: Partial<ToolBlock>): ToolBlock => ({
  type: 'tool',
  id: 't1',
  name: 'Bash',
  stage: 'start',
  parameters: '',
  ...fields,
});
const plain = (lines: readonly string[]): string[] => lines.map(stripAnsi);

describe('tool lines', () => {
  it('cuts streaming parameters to their last 30 characters and shows newlines as \\n', () => {
    expect(streamingParametersTail('{"a":1}')).toBe('{"a":1}');
    const long = '{"command":"echo one\necho two\necho three"}';
    expect(streamingParametersTail(long)).toBe(`…${long.slice(-30).replace(/\n/g, '\\n')}`);
    expect(streamingParametersTail(long)).not.toContain('\n');
  });

  it('has a glyph per stage', () => {
    expect(plain(collapsedToolLines(tool({ stage: 'start' }), 80))[0]).toMatch(/^○ Bash/);
    expect(plain(collapsedToolLines(tool({ stage: 'streaming', parameters: '{' }), 80))[0]).toMatch(
      /^… Bash \{/,
    );
    expect(plain(collapsedToolLines(tool({ stage: 'running' }), 80))[0]).toMatch(/^⟳ Bash/);
    expect(plain(collapsedToolLines(tool({ stage: 'end', result: 'ok' }), 80))[0]).toMatch(
      /^✓ Bash/,
    );
    expect(plain(collapsedToolLines(tool({ stage: 'end', error: 'no' }), 80))[0]).toMatch(
      /^✗ Bash/,
    );
  });

  it('says under the header why a call ran without a question, and nothing when someone was asked', () => {
    const ended = tool({ stage: 'end', compactParams: 'git log', result: 'ok' });
    const ruled = {
      ...ended,
      unasked: { kind: 'rule', rule: 'Bash(git log:*)', source: '.wave/settings.json' },
    } as const;
    expect(plain(collapsedToolLines(ruled, 80))).toEqual([
      '✓ Bash git log',
      '  allowed by Bash(git log:*) in .wave/settings.json',
      '  ⎿ ok',
    ]);
    expect(plain(expandedToolLines({ ...ended, unasked: { kind: 'read-only' } }, 80))[1]).toBe(
      '  read-only · ran without asking',
    );
    expect(plain(collapsedToolLines(ended, 80))).toEqual(['✓ Bash git log', '  ⎿ ok']);
  });

  it('says on the card whether a command ran in the sandbox, before a long command can hide it', () => {
    const bash = (sandboxed?: boolean): ToolBlock => ({
      type: 'tool',
      id: 'b',
      name: 'Bash',
      stage: 'end',
      parameters: '{}',
      compactParams: `echo ${'x'.repeat(200)}`,
      result: 'ok',
      ...(sandboxed !== undefined ? { sandboxed } : {}),
    });
    const header = (sandboxed?: boolean) => stripAnsi(collapsedToolLines(bash(sandboxed), 60)[0]!);
    expect(header(true)).toMatch(/^✓ Bash \[sandboxed\] echo x+/);
    expect(header(false)).toMatch(/^✓ Bash \[outside the sandbox\] echo x+/);
    expect(header()).toMatch(/^✓ Bash echo x+/);
  });

  it('keeps every line within the width', () => {
    const block = tool({
      stage: 'running',
      compactParams: 'x'.repeat(200),
      shortResult: 'y'.repeat(300),
    });
    for (const line of plain(collapsedToolLines(block, 40)))
      expect(line.length).toBeLessThanOrEqual(40);
  });

  it('expanded shows the parameters pretty-printed and the whole result', () => {
    const block = tool({ stage: 'end', parameters: '{"a":1}', result: 'one\ntwo\nthree' });
    const lines = plain(expandedToolLines(block, 80));
    expect(lines).toContain('      "a": 1');
    expect(lines).toEqual(expect.arrayContaining(['    one', '    two', '    three']));
  });

  it('draws a tool from its look: an MCP tool by its server and tool, its input as key values', () => {
    const block = tool({
      name: 'mcp__notes__add_note',
      stage: 'end',
      parameters: JSON.stringify({ text: 'buy milk', tags: ['home'] }),
      compactParams: 'text: buy milk, tags: ["home"]',
      result: 'Saved note 1',
    });
    expect(plain(collapsedToolLines(block, 80))).toEqual([
      '✓ notes · add_note text: buy milk, tags: ["home"]',
      '  ⎿ Saved note 1',
    ]);
    expect(plain(expandedToolLines(block, 80))).toEqual([
      '✓ notes · add_note text: buy milk, tags: ["home"]',
      '  input',
      '    text: buy milk',
      '    tags: ["home"]',
      '  result',
      '    Saved note 1',
    ]);
  });

  it('expanded shows the command a Bash call runs, with what the model sent beside it', () => {
    const block = tool({
      stage: 'end',
      parameters: JSON.stringify({ command: 'ls\u001b[2J', description: 'List files' }),
      result: 'a',
    });
    expect(plain(expandedToolLines(block, 80))).toEqual([
      '✓ Bash',
      '  command',
      '    ls␛[2J',
      '  input',
      '    description: List files',
      '  result',
      '    a',
    ]);
  });
});
