// Which session `wave` starts in, from --resume / --continue and the sessions on disk; a bad
// or missing session file becomes a one-line note and a new session, never a crash.
import type { ListedSessions, SessionSummary } from '@wave-agent/agent-sdk';
import { RPC_ERROR_CODES, RpcError } from '@wave-agent/shared-protocol';
import { describe, expect, it, vi } from 'vitest';
import { NO_SESSION_TO_CONTINUE, openStartSession, planSessionStart } from './session-start.js';

function summary(id: string, updatedAt: number): SessionSummary {
  return {
    id,
    title: `session ${id}`,
    createdAt: updatedAt - 1000,
    updatedAt,
    messageCount: 2,
    workdir: '/work',
    path: `/home/.wave/sessions/work/${id}.jsonl`,
  };
}

function listing(listed: ListedSessions) {
  return { listSessions: vi.fn(() => listed) };
}

const NONE = { resume: undefined, continueSession: false } as const;

describe('planSessionStart', () => {
  it('starts a new session without flags, and does not even list the sessions', () => {
    const agent = listing({ sessions: [], problems: [] });
    expect(planSessionStart(NONE, agent)).toEqual({ start: { kind: 'new' }, notes: [] });
    expect(agent.listSessions).not.toHaveBeenCalled();
  });

  it('restores the id given to --resume, and opens the picker for a bare --resume', () => {
    const agent = listing({ sessions: [summary('listed', 1000)], problems: [] });
    expect(planSessionStart({ ...NONE, resume: { sessionId: 'abc' } }, agent).start).toEqual({
      kind: 'restore',
      sessionId: 'abc',
    });
    expect(planSessionStart({ ...NONE, resume: { sessionId: 'listed' } }, agent).start).toEqual({
      kind: 'restore',
      sessionId: 'listed',
      summary: summary('listed', 1000),
    });
    expect(planSessionStart({ ...NONE, resume: {} }, agent).start).toEqual({ kind: 'pick' });
  });

  it('continues the newest session of the directory (the list is newest first)', () => {
    const agent = listing({ sessions: [summary('new', 3000), summary('old', 1000)], problems: [] });
    expect(planSessionStart({ ...NONE, continueSession: true }, agent)).toEqual({
      start: { kind: 'restore', sessionId: 'new', summary: summary('new', 3000) },
      notes: [],
    });
  });

  it('continues the newest session typed at the terminal, passing over newer wave -p runs', () => {
    const print = { ...summary('print-run', 5000), origin: 'print' as const };
    const typed = { ...summary('typed', 3000), origin: 'interactive' as const };
    const agent = listing({ sessions: [print, typed, summary('old', 1000)], problems: [] });
    expect(planSessionStart({ ...NONE, continueSession: true }, agent).start).toEqual({
      kind: 'restore',
      sessionId: 'typed',
      summary: typed,
    });
    // Only print runs: the newest of them, rather than nothing.
    const onlyPrint = listing({ sessions: [print], problems: [] });
    expect(planSessionStart({ ...NONE, continueSession: true }, onlyPrint).start).toMatchObject({
      sessionId: 'print-run',
    });
  });

  it('starts a new session with a note when there is nothing to continue', () => {
    const agent = listing({
      sessions: [],
      problems: ['Cannot read session file /s/bad.jsonl: the file is empty.'],
    });
    expect(planSessionStart({ ...NONE, continueSession: true }, agent)).toEqual({
      start: { kind: 'new' },
      notes: [
        {
          text: 'Cannot read session file /s/bad.jsonl: the file is empty. That session was skipped.',
          level: 'warning',
        },
        { text: NO_SESSION_TO_CONTINUE, level: 'info' },
      ],
    });
  });
});

describe('openStartSession', () => {
  const restoring = (outcome: () => Promise<{ problems: string[] }>) => ({
    restore: vi.fn(outcome),
  });

  it('restores the planned session and says which one it is', async () => {
    const agent = restoring(() => Promise.resolve({ problems: [] }));
    const opened = await openStartSession(
      { start: { kind: 'restore', sessionId: 'abc', summary: summary('abc', 1000) }, notes: [] },
      agent,
    );
    expect(agent.restore).toHaveBeenCalledWith('abc');
    expect(opened).toEqual({
      notes: [{ text: '── continuing session "session abc" · 2 messages ──', level: 'info' }],
      pick: false,
    });
  });

  it('says which file is corrupt and why, in one line, and starts a new session', async () => {
    const agent = restoring(() =>
      Promise.reject(
        new RpcError(
          RPC_ERROR_CODES.sessionNotFound,
          'Cannot read session file /s/abc.jsonl: its first line is not JSON, so it is not a Wave session.',
        ),
      ),
    );
    const opened = await openStartSession(
      { start: { kind: 'restore', sessionId: 'abc', summary: summary('abc', 1000) }, notes: [] },
      agent,
    );
    expect(opened.pick).toBe(false);
    expect(opened.notes).toEqual([
      {
        text: 'Cannot read session file /s/abc.jsonl: its first line is not JSON, so it is not a Wave session. Starting a new session instead.',
        level: 'warning',
      },
    ]);
    expect(opened.notes[0]!.text).not.toContain('\n');
  });

  it('names an unknown session id plainly', async () => {
    const agent = restoring(() =>
      Promise.reject(
        new RpcError(RPC_ERROR_CODES.sessionNotFound, 'Cannot read session file /s/nope.jsonl.'),
      ),
    );
    const opened = await openStartSession(
      { start: { kind: 'restore', sessionId: 'nope' }, notes: [] },
      agent,
    );
    expect(opened.notes[0]!.text).toBe(
      'There is no session nope in this directory (wave --resume lists them); starting a new one.',
    );
  });

  it('passes the picker on to the UI', async () => {
    const agent = restoring(() => Promise.reject(new Error('not called')));
    expect(await openStartSession({ start: { kind: 'pick' }, notes: [] }, agent)).toEqual({
      notes: [],
      pick: true,
    });
    expect(agent.restore).not.toHaveBeenCalled();
  });
});
