// Sessions in the UI: /resume (and `wave --resume` at start) shows this directory's sessions —
// title, how long ago, how many messages — and ↑/↓ Enter switches to one; Esc keeps the
// current one (or starts fresh). A corrupt session file is named with the reason and changes
// nothing. A resumed session renders like a live one at its end: "Thought for Ns" from the
// persisted clock, tool results, usage and compact dividers, each once.

import { afterEach, describe, expect, it } from 'vitest';
import type { Message, SessionSummary } from '@wave-agent/shared-protocol';
import { conversationFrom } from '@wave-agent/shared-protocol';
import { ScriptedServer } from '../test-support/scripted-server.js';
import {
  countOccurrences,
  reconstructTerminal,
  screens,
  stripAnsi,
} from '../test-support/ink-frames.js';
import type { MountedApp } from '../test-support/mount-app.js';
import { KEYS, mountApp } from '../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const live = (): string => stripAnsi(app!.terminal.lastFrame().live);
const screen = (): string => stripAnsi(app!.terminal.lastFrame().screen);
/** The screen with wrapped lines joined, to find a long sentence. */
const unwrapped = (): string => screen().replace(/\n/g, ' ');

const NOW = Date.now();

function summary(id: string, title: string, minutesAgo: number, count: number): SessionSummary {
  return {
    id,
    title,
    updatedAt: NOW - minutesAgo * 60_000,
    messageCount: count,
    workdir: '/home/someone/projects/wave',
  };
}

/** A finished session as the SDK restores it from disk. */
const STORED: readonly Message[] = [
  {
    id: 'u1',
    role: 'user',
    createdAt: 1,
    blocks: [{ type: 'text', content: 'explain the build', stage: 'end' }],
  },
  {
    id: 'a1',
    role: 'assistant',
    createdAt: 2,
    usage: { inputTokens: 1200, outputTokens: 80 },
    blocks: [
      {
        type: 'reasoning',
        content: 'Look at the config first.',
        stage: 'end',
        startedAt: 1_000,
        endedAt: 16_000,
      },
      {
        type: 'tool',
        id: 't1',
        name: 'Read',
        stage: 'end',
        parameters: '{"path":"tsconfig.json"}',
        compactParams: 'tsconfig.json',
        result: '{ "strict": true }\nmore lines',
      },
      { type: 'text', content: 'The build uses tsc in strict mode.', stage: 'end' },
    ],
  },
  {
    id: 'c1',
    role: 'system',
    createdAt: 3,
    blocks: [{ type: 'compact', summary: 'The user asked about the build.' }],
  },
  {
    id: 'u2',
    role: 'user',
    createdAt: 4,
    blocks: [{ type: 'text', content: 'and the tests?', stage: 'end' }],
  },
  {
    id: 'a2',
    role: 'assistant',
    createdAt: 5,
    blocks: [{ type: 'text', content: 'Vitest runs them.', stage: 'end' }],
  },
];

const RESTORED_TEXTS = [
  '> explain the build',
  'Thought for 15s',
  'Look at the config first.',
  'Read tsconfig.json',
  '{ "strict": true } (+1 lines)',
  'The build uses tsc in strict mode.',
  '1,200 in · 80 out tokens',
  'conversation compacted',
  'The user asked about the build.',
  'and the tests?',
  'Vitest runs them.',
];

function expectRestoredOnceInEveryFrame(fromFrame = 0): void {
  screens(app!.terminal.frames.slice(fromFrame)).forEach((frameScreen, index) => {
    for (const text of RESTORED_TEXTS) {
      const count = countOccurrences(frameScreen, text);
      if (count > 1) expect.fail(`frame ${fromFrame + index} shows "${text}" ${count} times`);
    }
  });
  const output = reconstructTerminal(app!.terminal.frames);
  for (const text of RESTORED_TEXTS) expect(countOccurrences(output, text), text).toBe(1);
}

function agentWithSessions(): ScriptedServer {
  const agent = new ScriptedServer();
  agent.sessions = [
    summary('s-new', 'fix the flaky test', 5, 12),
    summary('s-old', 'explain the build', 60 * 26, 5),
  ];
  agent.storedSessions.set('s-old', STORED);
  return agent;
}

describe('/resume', () => {
  it('lists the sessions with title, relative time and size; Enter switches to one', async () => {
    app = await mountApp({ server: agentWithSessions() });
    await app.send('/resume');
    expect(live()).toContain('Resume which session of this directory?');
    expect(live()).toMatch(/❯ 1\. fix the flaky test {2}5 min ago · 12 messages/);
    expect(live()).toMatch(/2\. explain the build {2}yesterday · 5 messages/);
    expect(live()).toContain('Esc keeps the current one');
    const before = app.terminal.frames.length;
    await app.type(KEYS.down);
    expect(live()).toMatch(/❯ 2\. explain the build/);
    await app.type(KEYS.enter);
    expect(app.server.restoreCalls).toEqual(['s-old']);
    expect(screen()).toContain('── resuming "explain the build" · 5 messages ──');
    expectRestoredOnceInEveryFrame(before);
    // The picker is gone and the prompt is back.
    expect(live()).not.toContain('Resume which session');
    expect(live()).toContain('Type a message');
  });

  it('Esc keeps the current session', async () => {
    app = await mountApp({ server: agentWithSessions() });
    await app.send('/resume');
    await app.type(KEYS.escape);
    expect(app.server.restoreCalls).toEqual([]);
    expect(live()).toContain('Type a message');
    expect(app.server.abortCount).toBe(0);
  });

  it('names a corrupt session file and why, and stays in the current session', async () => {
    const agent = agentWithSessions();
    agent.storedSessions.set(
      's-new',
      new Error(
        'Cannot read session file /wave-home/sessions/s-new.jsonl: its first line is not JSON, so it is not a Wave session.',
      ),
    );
    agent.emit({
      type: 'userMessageAdded',
      message: {
        ...STORED[3]!,
        id: 'here',
        blocks: [{ type: 'text', content: 'current work', stage: 'end' }],
      },
    });
    app = await mountApp({ server: agent });
    await app.send('/resume');
    await app.type(KEYS.enter);
    expect(unwrapped()).toContain(
      'Cannot read session file /wave-home/sessions/s-new.jsonl: its first line is not JSON, so it is not a Wave session. You are still in the current session.',
    );
    expect(app.server.state.conversation.messages.map((message) => message.id)).toEqual(['here']);
    expect(live()).toContain('Type a message');
  });

  it('says so when there is no session, and lists the unreadable ones as problems', async () => {
    const agent = new ScriptedServer();
    agent.sessionProblems = [
      'Cannot read session file /wave-home/sessions/x.jsonl: the file is empty.',
    ];

    app = await mountApp({ server: agent });
    await app.send('/resume');
    expect(screen()).toContain(
      'Cannot read session file /wave-home/sessions/x.jsonl: the file is empty. It is left out of the list.',
    );
    expect(screen()).toContain('There is no saved session in this directory yet.');
    expect(live()).toContain('Type a message');
  });

  it('marks the current session and does not restore it again', async () => {
    const agent = new ScriptedServer(undefined, { sessionId: 's-new' });
    agent.sessions = agentWithSessions().sessions;
    app = await mountApp({ server: agent });
    await app.send('/resume');
    expect(live()).toContain('12 messages · current');
    await app.type(KEYS.enter);
    expect(app.server.restoreCalls).toEqual([]);
    expect(screen()).toContain('That is the session you are in; nothing changed.');
  });
});

describe('starting in a session', () => {
  it('wave --resume: the picker comes first; Esc starts a new session, then the prompt is sent', async () => {
    app = await mountApp({
      server: agentWithSessions(),
      props: { resumeOnStart: true, initialPrompt: 'hello' },
    });
    expect(live()).toContain('Esc starts a new session');
    expect(app.server.sent).toEqual([]);
    await app.type(KEYS.escape);
    expect(app.server.restoreCalls).toEqual([]);
    expect(app.server.sent).toEqual(['hello']);
  });

  it('wave --resume: Enter restores the chosen session before anything else', async () => {
    app = await mountApp({ server: agentWithSessions(), props: { resumeOnStart: true } });
    await app.type('2');
    await app.type(KEYS.enter);
    expect(app.server.restoreCalls).toEqual(['s-old']);
    expectRestoredOnceInEveryFrame();
  });

  it('a session restored before the UI starts (--continue) renders statically, each part once', async () => {
    const agent = new ScriptedServer(conversationFrom(STORED));
    app = await mountApp({
      server: agent,
      props: {
        initialNotes: [{ text: 'There is no earlier session here.', level: 'info' }],
      },
    });
    expectRestoredOnceInEveryFrame();
    // Everything is in the history at once; nothing of it is live.
    const first = app.terminal.frames[0]!;
    for (const text of RESTORED_TEXTS) expect(stripAnsi(first.history)).toContain(text);
    expect(stripAnsi(first.live)).not.toContain('Vitest runs them.');
    expect(stripAnsi(first.history)).toContain('There is no earlier session here.');
  });
});
