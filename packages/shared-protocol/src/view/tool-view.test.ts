import { describe, expect, it } from 'vitest';
import type { ToolBlock } from '../messages.js';
import { toolView } from './tool-view.js';
import { viewPartText } from './view-parts.js';

function tool(fields: Partial<ToolBlock> & Pick<ToolBlock, 'name'>): ToolBlock {
  return { type: 'tool', id: 't1', stage: 'end', parameters: '{}', ...fields };
}

describe('toolView', () => {
  it('is the same object for the same block, and a new one for a changed block', () => {
    const block = tool({ name: 'Read', stage: 'running', parameters: '{"file_path":"a.ts"}' });
    expect(toolView(block)).toBe(toolView(block));
    const ended = { ...block, stage: 'end' as const, result: 'one\ntwo\n' };
    expect(toolView(ended)).not.toBe(toolView(block));
    expect(toolView(ended).summary).toBe('one (+1 lines)');
  });

  it('titles a call whose parameters still stream from its compact form, and shows the raw tail until there is one', () => {
    const bare = tool({ name: 'Write', stage: 'streaming', parameters: '{"file_pa' });
    expect(toolView(bare)).toMatchObject({
      title: 'Write',
      subject: '',
      streamingInput: '{"file_pa',
      status: 'streaming',
      body: [],
      input: undefined,
    });
    const named = {
      ...bare,
      parameters: '{"file_path":"a.txt","content":"hel',
      compactParams: 'a.txt',
    };
    expect(toolView(named)).toMatchObject({ title: 'Write a.txt', streamingInput: '', body: [] });
  });

  it('shows what a call would do once its parameters are complete, before it runs (its question is open)', () => {
    const asked = tool({
      name: 'Write',
      stage: 'streaming',
      parameters: JSON.stringify({ file_path: 'long.txt', content: 'row 1\nrow 2' }),
      compactParams: 'long.txt',
    });
    expect(toolView(asked).status).toBe('streaming');
    expect(toolView(asked).body).toEqual([
      { kind: 'diff', path: 'long.txt', newText: 'row 1\nrow 2' },
    ]);
  });

  it('shows an Edit as a diff of its input, and a Write that created its file as a new file', () => {
    const edit = tool({
      name: 'Edit',
      parameters: JSON.stringify({ file_path: 'a.ts', old_string: 'x', new_string: 'y' }),
      result: 'Edited a.ts',
    });
    expect(toolView(edit)).toMatchObject({
      kind: 'edit',
      paths: [{ path: 'a.ts' }],
      body: [{ kind: 'diff', path: 'a.ts', oldText: 'x', newText: 'y' }],
      bodyTellsResult: true,
      status: 'done',
    });
    const write = tool({
      name: 'Write',
      parameters: JSON.stringify({ file_path: 'b.ts', content: 'new\n' }),
      result: 'Created b.ts',
    });
    expect(toolView(write).body).toEqual([
      { kind: 'diff', path: 'b.ts', newText: 'new\n', created: true },
    ]);
  });

  it('shows the command a Bash call runs, and a failure by its first line', () => {
    const bash = tool({
      name: 'Bash',
      parameters: JSON.stringify({ command: 'ls -la' }),
      error: 'exit 2\nno such file\n',
    });
    expect(toolView(bash)).toMatchObject({
      kind: 'execute',
      status: 'failed',
      body: [{ kind: 'code', language: 'shell', text: 'ls -la' }],
      summary: 'exit 2 (+1 lines)',
    });
  });

  it('gives an MCP tool its server and tool as the name, and its input as key values', () => {
    const call = tool({
      name: 'mcp__notes__add_note',
      parameters: JSON.stringify({ text: 'buy\nmilk', tags: ['home'] }),
      compactParams: 'text: buy milk',
      result: '',
    });
    const view = toolView(call);
    expect(view).toMatchObject({
      name: 'notes · add_note',
      title: 'notes · add_note text: buy milk',
      kind: 'other',
      summary: '(no output)',
    });
    expect(view.body).toEqual([
      {
        kind: 'keyValues',
        entries: [
          { key: 'text', value: 'buy milk' },
          { key: 'tags', value: '["home"]' },
        ],
      },
    ]);
    expect(viewPartText(view.body[0]!)).toBe('text: buy milk\ntags: ["home"]');
  });

  it('keeps a name that only looks like an MCP name as it is', () => {
    expect(toolView(tool({ name: 'mcp__odd' })).name).toBe('mcp__odd');
    expect(toolView(tool({ name: 'Plugin_tool' })).name).toBe('Plugin_tool');
  });

  it("reads a Read call's path and line for an editor to follow", () => {
    const read = tool({
      name: 'Read',
      parameters: JSON.stringify({ file_path: 'a.ts', offset: 40 }),
    });
    expect(toolView(read)).toMatchObject({
      kind: 'read',
      paths: [{ path: 'a.ts', line: 40 }],
      body: [],
    });
  });

  it('does not read input that is not a JSON object', () => {
    const odd = tool({ name: 'Bash', stage: 'running', parameters: '[1,2]' });
    expect(toolView(odd)).toMatchObject({
      input: undefined,
      body: [],
      paths: [],
      status: 'running',
    });
  });
});
