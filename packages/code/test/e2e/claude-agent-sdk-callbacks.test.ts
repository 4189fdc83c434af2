// What a Claude Agent SDK app answers from its own process, on wave-claude (the real SDK from npm,
// tools/mock-llm on Anthropic's wire): its hook callbacks (`hooks`), its in-process MCP tools
// (`createSdkMcpServer`) and its other MCP servers (sent in `initialize`), and a canUseTool that allows a call with a changed input. What the
// model read back is taken from mock-llm's recorded requests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSdkMcpServer, query, tool } from '@anthropic-ai/claude-agent-sdk';
import type { HookInput } from '@anthropic-ai/claude-agent-sdk';
import type { Scenario } from '@wave-agent/mock-llm';
import { isRecord } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect, resultOf, useSdkApp } from './wave-claude-kit.js';

/** A Claude Code project's stdio MCP server (fixtures/claude-code-project). */
const NOTES_SERVER = fileURLToPath(
  new URL('./fixtures/claude-code-project/notes-server.mjs', import.meta.url),
);

const { fx, serve, onWave } = useSdkApp();

/** A model that makes one tool call, then says it is done. */
function oneCall(name: string, input: Record<string, unknown>): Scenario {
  return {
    name: 'one-call',
    turns: [
      { match: { turnIndex: 0 }, reply: [{ type: 'tool_call', name, input }] },
      { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Done.' }] },
    ],
  };
}

interface SentToolResult {
  readonly text: string;
  readonly isError: boolean;
}

/** The tool results the model was sent in a recorded request (Anthropic's wire). */
function toolResultsSent(index: number): SentToolResult[] {
  const body = fx.mock?.requests[index]?.body;
  const messages = isRecord(body) && Array.isArray(body['messages']) ? body['messages'] : [];
  return messages.flatMap((message: unknown) => {
    const content = isRecord(message) ? message['content'] : undefined;
    return (Array.isArray(content) ? content : []).flatMap((block: unknown) => {
      if (!isRecord(block) || block['type'] !== 'tool_result') return [];
      const inner = block['content'];
      const text =
        typeof inner === 'string'
          ? inner
          : (Array.isArray(inner) ? inner : [])
              .map((part: unknown) =>
                isRecord(part) && typeof part['text'] === 'string' ? part['text'] : '',
              )
              .join('');
      return [{ text, isError: block['is_error'] === true }];
    });
  });
}

describe("a Claude Agent SDK app's own callbacks on wave-claude", () => {
  it('a PreToolUse hook callback that denies a Write: the file is not written and the model reads why', async () => {
    await serve(oneCall('Write', { file_path: 'blocked.txt', content: 'never' }));
    const seen: HookInput[] = [];
    const messages = await collect(
      query({
        prompt: 'Write the file.',
        options: onWave({
          // The Write would run unasked: only the hook stands in its way.
          permissionMode: 'acceptEdits',
          hooks: {
            PreToolUse: [
              {
                matcher: 'Write',
                hooks: [
                  (input) => {
                    seen.push(input);
                    return Promise.resolve({
                      hookSpecificOutput: {
                        hookEventName: 'PreToolUse',
                        permissionDecision: 'deny',
                        permissionDecisionReason: 'No files today.',
                      },
                    });
                  },
                ],
              },
            ],
            // Not called: its matcher takes Bash only.
            PostToolUse: [{ matcher: 'Bash', hooks: [() => Promise.reject(new Error('no'))] }],
          },
        }),
      }),
    );
    expect(existsSync(join(fx.work.path, 'blocked.txt'))).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: 'blocked.txt', content: 'never' },
      cwd: fx.work.path,
    });
    const [sent] = toolResultsSent(1);
    expect(sent?.isError).toBe(true);
    expect(sent?.text).toContain('No files today.');
    const result = resultOf(messages);
    expect(result).toMatchObject({ subtype: 'success', result: 'Done.' });
    // As Claude Code lists it: a hook's deny is one of the result's permission denials.
    expect(result.permission_denials).toEqual([
      {
        tool_name: 'Write',
        tool_use_id: expect.any(String),
        tool_input: { file_path: 'blocked.txt', content: 'never' },
      },
    ]);
  });

  it("the model calls the app's in-process MCP tool and reads its result", async () => {
    await serve(oneCall('mcp__notes__lookup', { key: 'k42' }));
    const asked: string[] = [];
    const notes = createSdkMcpServer({
      name: 'notes',
      version: '1.0.0',
      tools: [
        tool('lookup', 'Looks a key up in the notes', { key: z.string() }, (args) => {
          asked.push(args.key);
          return Promise.resolve({ content: [{ type: 'text', text: `the note for ${args.key}` }] });
        }),
      ],
    });
    const messages = await collect(
      query({
        prompt: 'Look k42 up.',
        options: onWave({ mcpServers: { notes }, allowedTools: ['mcp__notes__lookup'] }),
      }),
    );
    const [init] = messages;
    expect(init?.type === 'system' && init.subtype === 'init' ? init.tools : []).toContain(
      'mcp__notes__lookup',
    );
    const firstRequest = fx.mock?.requests[0]?.body;
    const toolNames =
      isRecord(firstRequest) && Array.isArray(firstRequest['tools'])
        ? firstRequest['tools'].map((each: unknown) => (isRecord(each) ? each['name'] : ''))
        : [];
    expect(toolNames).toContain('mcp__notes__lookup');
    expect(asked).toEqual(['k42']);
    expect(toolResultsSent(1)).toEqual([{ text: 'the note for k42', isError: false }]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Done.' });
  });

  it("the app's stdio MCP server (sent in initialize) starts, and its tool is called", async () => {
    await serve(oneCall('mcp__notes__add_note', { text: 'buy milk' }));
    const messages = await collect(
      query({
        prompt: 'Note that I need milk.',
        options: onWave({
          mcpServers: {
            notes: {
              command: process.execPath,
              args: [NOTES_SERVER],
              env: { NOTES_GREETING: 'from the app' },
            },
          },
          allowedTools: ['mcp__notes__add_note'],
        }),
      }),
    );
    const [init] = messages;
    expect(init?.type === 'system' && init.subtype === 'init' ? init.mcp_servers : []).toEqual([
      { name: 'notes', status: 'connected' },
    ]);
    expect(toolResultsSent(1)).toEqual([
      { text: 'Saved note 1: buy milk (from the app)', isError: false },
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Done.' });
  });

  it("canUseTool's allow with updatedInput runs the call with that input", async () => {
    await serve(oneCall('Write', { file_path: 'asked.txt', content: 'as the model wrote it' }));
    const messages = await collect(
      query({
        prompt: 'Write the file.',
        options: onWave({
          canUseTool: (_toolName, input) =>
            Promise.resolve({
              behavior: 'allow',
              updatedInput: { ...input, file_path: 'changed.txt', content: 'as the app wrote it' },
            }),
        }),
      }),
    );
    expect(existsSync(join(fx.work.path, 'asked.txt'))).toBe(false);
    expect(readFileSync(join(fx.work.path, 'changed.txt'), 'utf8')).toBe('as the app wrote it');
    expect(toolResultsSent(1).map((sent) => sent.isError)).toEqual([false]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Done.' });
  });
});
