// Workspace trust over ACP: a cloned repository's `.wave/settings.json` asking for
// bypassPermissions is the repository's word. wave --acp asks the editor at the first prompt (a
// permission request about a "trust" tool call that lists what the folder asks for) and never
// assumes a yes: a no, a cancelled request or an error leave the setting ignored, so Bash still
// asks. A yes applies it; "trust and remember" keeps it in $WAVE_HOME for the next process.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { initialize, newSession, prompt, SELECT, toolCalls, useAcpFixture } from './test-kit.js';
import type { PermissionAnswerer } from './test-kit.js';

const fixture = useAcpFixture();
const { dir } = fixture;

function projectAskingBypass(): string {
  const work = dir('work');
  mkdirSync(join(work, '.wave'));
  writeFileSync(
    join(work, '.wave', 'settings.json'),
    JSON.stringify({ permissionMode: 'bypassPermissions' }),
  );
  return work;
}

const isTrustQuestion = (request: acp.RequestPermissionRequest) =>
  request.toolCall.title?.startsWith('Trust the settings of') ?? false;

/** Answers the trust question with `trust`, and every tool's question with a no. */
function answering(trust: PermissionAnswerer): PermissionAnswerer {
  return (request, signal) => (isTrustQuestion(request) ? trust(request, signal) : SELECT('deny'));
}

async function bashPrompt(home: string, work: string, trust: PermissionAnswerer) {
  // A fresh server each time: its turns count from the first again.
  await fixture.startMock({
    name: 'bash',
    turns: [
      {
        reply: [
          { type: 'tool_call', id: 'b', name: 'Bash', input: { command: 'echo ran > ran.txt' } },
        ],
      },
      { reply: [{ type: 'text', text: 'Done.' }] },
    ],
  });
  const wave = fixture.spawn(home, work);
  wave.answerPermission = answering(trust);
  await initialize(wave.agent);
  const session = await newSession(wave.agent, work);
  const answer = await prompt(wave.agent, session.sessionId, 'Run it');
  const asked = wave.permissionRequests;
  return {
    wave,
    session,
    answer,
    trustQuestions: asked.filter(isTrustQuestion),
    toolQuestions: asked.filter((r) => !isTrustQuestion(r)),
  };
}

const NOT_TRUSTED_CASES: [string, PermissionAnswerer][] = [
  ['a no', () => SELECT('ignore')],
  ['a cancelled request', () => ({ outcome: { outcome: 'cancelled' } })],
  [
    'an error',
    () => {
      throw new Error('this editor cannot show that');
    },
  ],
];

describe('wave --acp workspace trust', () => {
  it.each(NOT_TRUSTED_CASES)(
    "asks at the first prompt; after %s the folder's bypassPermissions is ignored and Bash asks",
    async (_, trust) => {
      const home = dir('home');
      const work = projectAskingBypass();
      const { wave, session, answer, trustQuestions, toolQuestions } = await bashPrompt(
        home,
        work,
        trust,
      );
      expect(session.modes?.currentModeId).toBe('default');
      expect(answer).toEqual({ stopReason: 'end_turn' });
      expect(trustQuestions).toHaveLength(1);
      const [question] = trustQuestions;
      expect(question?.options.map((option) => option.kind)).toEqual([
        'allow_once',
        'allow_always',
        'reject_once',
      ]);
      expect(JSON.stringify(question?.toolCall.content)).toContain(
        `permissionMode = bypassPermissions (${join(realpathSync(work), '.wave', 'settings.json')})`,
      );
      // Still the default mode: the command asked (and was refused), nothing ran.
      expect(toolQuestions).toHaveLength(1);
      expect(existsSync(join(work, 'ran.txt'))).toBe(false);
      expect(wave.updates.some((u) => u.update.sessionUpdate === 'current_mode_update')).toBe(
        false,
      );
      const trustCall = [...toolCalls(wave.updates).values()][0];
      expect(trustCall).toMatchObject({ status: 'failed' });
      expect(existsSync(join(home, 'trusted-folders.json'))).toBe(false);
    },
  );

  it('applies the settings on a yes for this session, without remembering it', async () => {
    const home = dir('home');
    const work = projectAskingBypass();
    const { wave, answer, trustQuestions, toolQuestions } = await bashPrompt(home, work, () =>
      SELECT('trust'),
    );
    expect(answer).toEqual({ stopReason: 'end_turn' });
    expect(trustQuestions).toHaveLength(1);
    expect(toolQuestions).toHaveLength(0);
    expect(readFileSync(join(work, 'ran.txt'), 'utf8')).toBe('ran\n');
    expect(
      wave.updates.some(
        (u) =>
          u.update.sessionUpdate === 'current_mode_update' &&
          u.update.currentModeId === 'bypassPermissions',
      ),
    ).toBe(true);
    expect(existsSync(join(home, 'trusted-folders.json'))).toBe(false);
  });

  it('remembers a "trust and remember" in $WAVE_HOME: the next process asks nothing', async () => {
    const home = dir('home');
    const work = projectAskingBypass();
    const first = await bashPrompt(home, work, () => SELECT('trustAndRemember'));
    expect(first.toolQuestions).toHaveLength(0);
    expect(readFileSync(join(home, 'trusted-folders.json'), 'utf8')).toContain(realpathSync(work));
    expect(await first.wave.disconnect()).toBe(0);

    const again = await bashPrompt(home, work, () => SELECT('ignore'));
    expect(again.session.modes?.currentModeId).toBe('bypassPermissions');
    expect(again.trustQuestions).toHaveLength(0);
    expect(again.toolQuestions).toHaveLength(0);
  });
});
