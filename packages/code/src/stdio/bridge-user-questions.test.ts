// The model's questions over `wave --stdio`: a `userQuestionAsked` event, part of every pull
// (`getSessionState`) until it is answered, that the host answers with `answerUserQuestion`;
// the first answer counts, a later one gets `answered: false`; an answer that does not fit is
// refused with a sentence. Real child, real mock model.
import { DATABASE_QUESTION, askingScenario } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import type { UserQuestion } from '@wave-agent/shared-protocol';
import { afterEach, expect, it } from 'vitest';
import { initializeParams, spawnBridge, startMock, turnEnded, useTempDirs } from './test-kit.js';
import type { BridgeChild } from './test-kit.js';

let bridge: BridgeChild | undefined;
let mock: MockLlm | undefined;
const dir = useTempDirs();

afterEach(async () => {
  expect(bridge?.problems ?? []).toEqual([]);
  bridge?.dispose();
  await mock?.close();
});

const QUESTION = DATABASE_QUESTION;

it('poses the question as state, and the first answer reaches the model', async () => {
  mock = await startMock(askingScenario([QUESTION]));
  const child = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd') });
  bridge = child;
  const { sessionId } = await child.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  await child.request('sendMessage', { sessionId, text: 'pick one' });
  const asked = await child.waitForEvent((e) => e.event.type === 'userQuestionAsked');
  if (asked.event.type !== 'userQuestionAsked') throw new Error('unreachable');
  const { type: _type, ...question } = asked.event;
  expect(question satisfies UserQuestion).toMatchObject({
    toolCallId: 'call-1',
    ask: { kind: 'choices', questions: [QUESTION] },
  });
  const pulled = await child.request('getSessionState', { sessionId });
  expect(pulled.state.userQuestions).toEqual([question]);

  await expect(
    child.request('answerUserQuestion', {
      sessionId,
      requestId: question.requestId,
      answer: { kind: 'plan', decision: 'approveDefault' },
    }),
  ).rejects.toThrow(
    'This question asks for choices, not a plan decision. The question is still open.',
  );
  expect(
    await child.request('answerUserQuestion', {
      sessionId,
      requestId: question.requestId,
      answer: { kind: 'choices', answers: [['SQLite']] },
    }),
  ).toEqual({ answered: true });
  expect(
    await child.request('answerUserQuestion', {
      sessionId,
      requestId: question.requestId,
      answer: { kind: 'declined' },
    }),
  ).toEqual({ answered: false });
  await child.waitForEvent(turnEnded(sessionId));
  expect(child.events.map((e) => e.event.type)).toContain('userQuestionAnswered');
  expect((await child.request('getSessionState', { sessionId })).state.userQuestions).toEqual([]);
  expect(JSON.stringify(mock.requests[1]?.body)).toContain(
    'Your questions have been answered: \\"Which database?\\"=\\"SQLite\\"',
  );
});
