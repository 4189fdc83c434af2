// The text format's own rules, fed the events of a session and the states the one reducer makes
// of them: a pipe gets each reply once (a discarded call's text never), a terminal gets each
// chunk as it comes, and text after a tool call starts on its own line either way.
import { applySessionEvent, initialSessionState } from '@wave-agent/shared-protocol';
import type { AgentEvent, SessionState } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import {
  assistantAdded,
  discarded,
  finished,
  textDelta,
  toolStep,
} from '../test-support/agent-events.js';
import type { OutputStream } from '../cli/cli-io.js';
import { textOutput } from './text-output.js';

/** What the output writes, in the order it wrote it; it stands in for a tty or a pipe. */
function sink(isTTY: boolean) {
  const writes: string[] = [];
  const stream = {
    isTTY,
    write(chunk: string) {
      writes.push(chunk);
      return true;
    },
  } as unknown as OutputStream;
  return { stream, writes, text: () => writes.join('') };
}

function run(isTTY: boolean, events: readonly AgentEvent[]) {
  const stdout = sink(isTTY);
  const stderr = sink(false);
  const output = textOutput(stdout.stream, stderr.stream);
  let state: SessionState = initialSessionState({
    sessionId: 's',
    workdir: '/w',
    permissionMode: 'default',
    model: { provider: 'openai', model: 'm' },
  });
  for (const event of events) {
    state = applySessionEvent(state, event);
    output.event(event, state);
  }
  output.finish({
    turn: { stopReason: 'end_turn', usage: { inputTokens: 0, outputTokens: 0 }, durationMs: 1 },
    sessionId: 's',
    resultText: '',
    interrupted: false,
    numTurns: 1,
    durationApiMs: 1,
  });
  return { stdout, stderr };
}

const toolCall = (messageId: string): AgentEvent[] => [
  toolStep(messageId, 't1', 'LS', { stage: 'start', parameters: '{"path":"."}' }),
  toolStep(messageId, 't1', 'LS', { stage: 'end', parameters: '{"path":"."}', result: 'a.txt' }),
];

const replyWithTool: AgentEvent[] = [
  assistantAdded('m1'),
  textDelta('m1', 'Let me '),
  textDelta('m1', 'look.'),
  ...toolCall('m1'),
  textDelta('m1', 'Found '),
  textDelta('m1', 'it.'),
  finished('m1'),
];

describe('the text output', () => {
  it('piped: writes a reply once its call ended, text after a tool call on its own line', () => {
    const { stdout } = run(false, replyWithTool);
    expect(stdout.text()).toBe('Let me look.\nFound it.\n');
    // Nothing before the call ended: the reply went out whole.
    expect(stdout.writes[0]).toBe('Let me look.');
  });

  it('on a terminal: writes each chunk as it comes, text after a tool call on its own line', () => {
    const { stdout } = run(true, replyWithTool);
    expect(stdout.writes).toEqual(['Let me ', 'look.', '\n', 'Found ', 'it.', '\n']);
  });

  it('piped: never writes the text of a call that was discarded and retried', () => {
    const { stdout } = run(false, [
      assistantAdded('m1'),
      textDelta('m1', 'Cut o'),
      discarded('m1'),
      assistantAdded('m2'),
      textDelta('m2', 'The whole reply.'),
      finished('m2'),
    ]);
    expect(stdout.text()).toBe('The whole reply.\n');
  });

  it('piped: writes what an unfinished call streamed when the turn ends (an abort)', () => {
    const { stdout } = run(false, [assistantAdded('m1'), textDelta('m1', 'Half a rep')]);
    expect(stdout.text()).toBe('Half a rep\n');
  });

  it('on a terminal: no escape sequence of the model reaches it; piped: the text as it came', () => {
    const hostile = [
      assistantAdded('m1'),
      textDelta('m1', 'a\u001b]0;title\u0007b'),
      finished('m1'),
    ];
    expect(run(true, hostile).stdout.text()).toBe('a␛]0;title␇b\n');
    expect(run(false, hostile).stdout.text()).toBe('a\u001b]0;title\u0007b\n');
  });

  it('says on stderr what a tool call does by its look: an MCP tool by server and tool, a plugin tool by its name', () => {
    const note = '{"text":"buy milk"}';
    const { stderr } = run(false, [
      assistantAdded('m1'),
      toolStep('m1', 't1', 'mcp__notes__add_note', { stage: 'start', parameters: note }),
      toolStep('m1', 't1', 'mcp__notes__add_note', {
        stage: 'running',
        parameters: note,
        compactParams: 'text: buy milk',
      }),
      toolStep('m1', 't1', 'mcp__notes__add_note', {
        stage: 'end',
        parameters: note,
        error: 'The notes server is gone.\nRestart it.',
      }),
      toolStep('m1', 't2', 'lint_files', { stage: 'start', parameters: '{}' }),
      toolStep('m1', 't2', 'lint_files', { stage: 'running', parameters: '{}' }),
      finished('m1'),
    ]);
    expect(stderr.text()).toBe(
      '→ notes · add_note(text: buy milk)\n' +
        '✗ notes · add_note(text: buy milk): The notes server is gone.\n' +
        '→ lint_files\n',
    );
  });

  it("says on stderr what Wave says, from each block's view: errors, warnings, notices, a hook that blocked", () => {
    const { stderr } = run(false, [
      assistantAdded('m1'),
      { type: 'errorBlockAdded', messageId: 'm1', error: 'The model API is unreachable.' },
      {
        type: 'noticeAdded',
        messageId: 'n1',
        createdAt: 0,
        message: 'Retrying.',
        level: 'warning',
      },
      { type: 'noticeAdded', messageId: 'n2', createdAt: 0, message: 'Saved.', level: 'info' },
      {
        type: 'hookRunUpdated',
        messageId: 'm1',
        createdAt: 0,
        id: 'h1',
        event: 'Stop',
        command: './stop.sh',
        source: 'settings.json',
        stage: 'end',
        outcome: 'blocked',
        message: 'not yet',
      },
      {
        type: 'hookRunUpdated',
        messageId: 'm1',
        createdAt: 0,
        id: 'h2',
        event: 'Stop',
        command: './fine.sh',
        source: 'settings.json',
        stage: 'end',
        outcome: 'ok',
      },
      finished('m1'),
    ]);
    expect(stderr.text()).toBe(
      'wave: The model API is unreachable.\n' +
        'wave: warning: Retrying.\n' +
        'wave: Saved.\n' +
        'wave: hook: Stop hook ./stop.sh: blocked — not yet\n',
    );
  });
});
