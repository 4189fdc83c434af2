// A Claude Agent SDK app's options on wave-claude (the real SDK from npm, tools/mock-llm on
// Anthropic's wire): the system prompt (a string, or the preset with `append`), maxTurns,
// allowedTools and disallowedTools, settings (--settings), several turns in one query (streaming
// input), resume and forkSession, the Query's setPermissionMode() and setModel(), and
// maxBudgetUsd. What the model received is read from mock-llm's recorded requests.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { query } from '@anthropic-ai/claude-agent-sdk';
import type { SDKMessage, SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { replies, systemText } from './mock-model.js';
import { assistantTexts, collect, resultOf, resultsOf, useSdkApp } from './wave-claude-kit.js';

const { fx, serve, onWave } = useSdkApp();

interface WireRequest {
  readonly model?: string;
  readonly tools?: readonly { readonly name: string }[];
  readonly messages?: readonly { readonly role: string; readonly content: unknown }[];
}

function request(index: number): WireRequest {
  return fx.mock?.requests[index]?.body ?? {};
}

/** The conversation of request `index`, as role: text lines. */
function conversationOf(index: number): string[] {
  return (request(index).messages ?? []).map((message) => {
    const content = message.content;
    const text =
      typeof content === 'string'
        ? content
        : (content as { text?: string }[]).map((part) => part.text ?? '').join('');
    return `${message.role}: ${text}`;
  });
}

/** A user message of the SDK's streaming input. */
function said(text: string): SDKUserMessage {
  return { type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null };
}

/** Streaming input that sends each text once the previous turn has its result. */
function turnByTurn(texts: readonly string[], resultSeen: () => Promise<void>) {
  return (async function* () {
    for (const [index, text] of texts.entries()) {
      if (index > 0) await resultSeen();
      yield said(text);
    }
  })();
}

describe('the system prompt of a Claude Agent SDK app', () => {
  it("a string stands instead of Wave's prompt; the preset with append is Wave's, then the append", async () => {
    await serve(replies('One.', 'Two.'));
    await collect(
      query({ prompt: 'hi', options: onWave({ systemPrompt: 'You are a terse bot.' }) }),
    );
    expect(systemText(fx.mock?.requests[0]?.body)).toBe('You are a terse bot.');
    await collect(
      query({
        prompt: 'hi',
        options: onWave({
          systemPrompt: {
            type: 'preset',
            preset: 'claude_code',
            append: 'Always answer in French.',
          },
        }),
      }),
    );
    const second = systemText(fx.mock?.requests[1]?.body);
    expect(second).toContain('You are Wave');
    expect(second.endsWith('\n\nAlways answer in French.')).toBe(true);
  });
});

describe('the tools and turns of a Claude Agent SDK app', () => {
  it('maxTurns stops after that many model calls with error_max_turns', async () => {
    const look = { type: 'tool_call' as const, name: 'LS', input: { path: '.' } };
    await serve({
      name: 'loops',
      turns: [0, 1, 2].map((turnIndex) => ({ match: { turnIndex }, reply: [look] })),
    });
    const messages = [];
    // The SDK yields the error result, then throws it ("Claude Code returned an error result").
    for await (const message of query({ prompt: 'look', options: onWave({ maxTurns: 2 }) })) {
      messages.push(message);
      if (message.type === 'result') break;
    }
    expect(fx.mock?.requests).toHaveLength(2);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      num_turns: 2,
    });
  });

  it('disallowedTools leaves a tool out; allowedTools lets a call run with nobody to ask', async () => {
    await serve({
      name: 'write',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [
            { type: 'tool_call', name: 'Write', input: { file_path: 'a.txt', content: 'A' } },
          ],
        },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Written.' }] },
      ],
    });
    const messages = await collect(
      query({
        prompt: 'write',
        options: onWave({ allowedTools: ['Write'], disallowedTools: ['Bash'] }),
      }),
    );
    const names = (request(0).tools ?? []).map((tool) => tool.name);
    expect(names).toContain('Write');
    expect(names).not.toContain('Bash');
    const init = messages[0];
    expect(init?.type === 'system' && init.subtype === 'init' ? init.tools : []).not.toContain(
      'Bash',
    );
    expect(existsSync(join(fx.work.path, 'a.txt'))).toBe(true);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Written.' });
  });

  it('settings (--settings) are the strongest layer: their allow rule lets a command run', async () => {
    await serve({
      name: 'touch',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'touch made.txt' } }],
        },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Made.' }] },
      ],
    });
    const messages = await collect(
      query({
        prompt: 'make it',
        options: onWave({ settings: { permissions: { allow: ['Bash(touch made.txt)'] } } }),
      }),
    );
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(true);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Made.' });
  });
});

describe('the session of a Claude Agent SDK app', () => {
  it('takes several turns in one process (streaming input), each with its result', async () => {
    await serve(replies('First answer.', 'Second answer.'));
    let release: () => void = () => {};
    const app = query({
      prompt: turnByTurn(['one', 'two'], () => new Promise<void>((resolve) => (release = resolve))),
      options: onWave(),
    });
    const messages = [];
    for await (const message of app) {
      messages.push(message);
      if (message.type !== 'result') continue;
      if (resultsOf(messages).length === 2) break;
      release();
    }
    expect(
      resultsOf(messages).map((result) => result.subtype === 'success' && result.result),
    ).toEqual(['First answer.', 'Second answer.']);
    expect(conversationOf(1)).toEqual(['user: one', 'assistant: First answer.', 'user: two']);
    const [first, second] = resultsOf(messages);
    expect(second?.session_id).toBe(first?.session_id);
  });

  it('resume goes on in the same session; forkSession in a copy under a new id', async () => {
    await serve(replies('Kept.', 'Again.', 'Forked.'));
    const base = resultOf(await collect(query({ prompt: 'keep', options: onWave() })));
    const resumed = resultOf(
      await collect(query({ prompt: 'again', options: onWave({ resume: base.session_id }) })),
    );
    expect(resumed.session_id).toBe(base.session_id);
    expect(conversationOf(1)).toEqual(['user: keep', 'assistant: Kept.', 'user: again']);
    const forked = resultOf(
      await collect(
        query({ prompt: 'fork', options: onWave({ resume: base.session_id, forkSession: true }) }),
      ),
    );
    expect(forked.session_id).not.toBe(base.session_id);
    expect(conversationOf(2)).toEqual([
      'user: keep',
      'assistant: Kept.',
      'user: again',
      'assistant: Again.',
      'user: fork',
    ]);
  });

  it('setPermissionMode() and setModel() change the session between turns', async () => {
    await serve({
      name: 'edits',
      turns: [
        { match: { turnIndex: 0 }, reply: [{ type: 'text', text: 'Ready.' }] },
        {
          match: { turnIndex: 1 },
          reply: [
            { type: 'tool_call', name: 'Write', input: { file_path: 'b.txt', content: 'B' } },
          ],
        },
        { match: { turnIndex: 2 }, reply: [{ type: 'text', text: 'Written.' }] },
      ],
    });
    let release: () => void = () => {};
    const app = query({
      prompt: turnByTurn(
        ['hello', 'write'],
        () => new Promise<void>((resolve) => (release = resolve)),
      ),
      options: onWave({ model: 'claude-first' }),
    });
    const messages = [];
    for await (const message of app) {
      messages.push(message);
      if (message.type !== 'result') continue;
      if (resultsOf(messages).length === 2) break;
      // Nobody is asked here: without acceptEdits the Write would be denied.
      await app.setPermissionMode('acceptEdits');
      await app.setModel('claude-second');
      release();
    }
    expect(request(0).model).toBe('claude-first');
    expect(request(1).model).toBe('claude-second');
    expect(existsSync(join(fx.work.path, 'b.txt'))).toBe(true);
    expect(assistantTexts(messages)).toEqual(['Ready.', 'Written.']);
  });
});

describe("a Claude Agent SDK app's maxBudgetUsd (--max-budget-usd)", () => {
  it('the model call that crosses the budget is the last; the result is error_max_budget_usd', async () => {
    // A tool call that costs $10 at gpt-5's list price ($10 per million output tokens).
    const read = { type: 'tool_call' as const, name: 'Read', input: { file_path: 'notes.txt' } };
    await serve({
      name: 'costly',
      turns: [
        { match: { turnIndex: 0 }, reply: [read], usage: { inputTokens: 10, outputTokens: 1e6 } },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const messages: SDKMessage[] = [];
    // The SDK throws after it has given an error result.
    await expect(async () => {
      for await (const message of query({
        prompt: 'go',
        options: onWave({ model: 'gpt-5', maxBudgetUsd: 5 }),
      }))
        messages.push(message);
    }).rejects.toThrow(/Reached maximum budget \(\$5\)/);
    const result = resultOf(messages);
    expect(result).toMatchObject({ subtype: 'error_max_budget_usd', is_error: true });
    expect(result.total_cost_usd).toBeGreaterThanOrEqual(10);
    expect(fx.mock?.requests).toHaveLength(1);
  });
});
