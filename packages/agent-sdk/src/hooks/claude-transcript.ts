// The transcript a hook's `transcript_path` names, in Claude Code's JSONL shape: one line per user
// or assistant message (`{"type":"assistant","message":{"role":"assistant","content":[…]}}`), tool
// calls as `tool_use` parts and their results as a user line of `tool_result` parts. Plugins read
// it (ralph-loop's Stop hook greps its `"role":"assistant"` lines with jq). It is written again,
// whole, before a hook runs whenever the conversation changed (state is immutable: a new messages
// array is a change), so it is current for every hook; the session file stays Wave's own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Block, Message } from '@wave-agent/shared-protocol';

export function claudeTranscriptPath(waveHome: string, sessionId: string): string {
  return join(waveHome, 'transcripts', `${sessionId}.jsonl`);
}

function toolInput(parameters: string): unknown {
  try {
    return JSON.parse(parameters) as unknown;
  } catch {
    return {};
  }
}

function assistantParts(blocks: readonly Block[]): unknown[] {
  return blocks.flatMap((block): unknown[] => {
    if (block.type === 'text') return [{ type: 'text', text: block.content }];
    if (block.type === 'reasoning') return [{ type: 'thinking', thinking: block.content }];
    if (block.type === 'tool')
      return [
        { type: 'tool_use', id: block.id, name: block.name, input: toolInput(block.parameters) },
      ];
    return [];
  });
}

function toolResults(blocks: readonly Block[]): unknown[] {
  return blocks.flatMap((block): unknown[] =>
    block.type === 'tool' && (block.result !== undefined || block.error !== undefined)
      ? [
          {
            type: 'tool_result',
            tool_use_id: block.id,
            content: block.error ?? block.result ?? '',
            ...(block.error !== undefined ? { is_error: true } : {}),
          },
        ]
      : [],
  );
}

/** The conversation as Claude Code's transcript lines. */
export function transcriptLines(
  messages: readonly Message[],
  sessionId: string,
  cwd: string,
): string[] {
  const lines: string[] = [];
  const line = (message: Message, type: 'user' | 'assistant', content: unknown, suffix = '') =>
    lines.push(
      JSON.stringify({
        type,
        uuid: `${message.id}${suffix}`,
        sessionId,
        cwd,
        timestamp: new Date(message.createdAt).toISOString(),
        message: { role: type, content },
      }),
    );
  for (const message of messages) {
    if (message.role === 'user') {
      const text = message.blocks
        .flatMap((block) => (block.type === 'text' ? [block.toModel ?? block.content] : []))
        .join('\n');
      line(message, 'user', text);
    } else if (message.role === 'assistant') {
      line(message, 'assistant', assistantParts(message.blocks));
      const results = toolResults(message.blocks);
      if (results.length > 0) line(message, 'user', results, ':results');
    }
  }
  return lines;
}

export class ClaudeTranscript {
  private written: readonly Message[] | undefined;
  private writtenPath: string | undefined;

  constructor(
    private readonly source: {
      readonly waveHome: string;
      readonly cwd: string;
      readonly sessionId: () => string;
      readonly messages: () => readonly Message[];
    },
  ) {}

  /** The transcript's path, written first when the conversation changed since the last time. */
  path(): string {
    const sessionId = this.source.sessionId();
    const path = claudeTranscriptPath(this.source.waveHome, sessionId);
    const messages = this.source.messages();
    if (messages === this.written && path === this.writtenPath) return path;
    const lines = transcriptLines(messages, sessionId, this.source.cwd);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, lines.length > 0 ? `${lines.join('\n')}\n` : '', { mode: 0o600 });
    this.written = messages;
    this.writtenPath = path;
    return path;
  }
}
