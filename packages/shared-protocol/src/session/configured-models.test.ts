// The configured models in the session: every host's picker reads them from the state, they
// never carry a key or an endpoint, and the model in use names its entry (or none, for a plain
// model id).
import { describe, expect, it } from 'vitest';
import { parseAgentEvent } from '../rpc/parse.js';
import { SessionStateSchema } from '../rpc/session-state-schema.js';
import type { ConfiguredModel } from '../rpc/configured-models.js';
import { deepFreeze } from '../test-support/deep-freeze.js';
import { applySessionEvent } from './session-reducer.js';
import { initialSessionState } from './session-state.js';

const MODELS: readonly ConfiguredModel[] = [
  { name: 'big', provider: 'anthropic', model: 'claude-sonnet-4-5', purposes: ['default'] },
  { name: 'fast', provider: 'openai', model: 'gpt-4.1-mini', purposes: ['btw', 'compact'] },
];

const start = deepFreeze(
  initialSessionState({
    sessionId: 's1',
    workdir: '/repo',
    permissionMode: 'default',
    model: { provider: 'anthropic', model: 'claude-sonnet-4-5', name: 'big' },
    models: MODELS,
  }),
);

describe('configured models in the session state', () => {
  it('start with the session, and a session without any lists none', () => {
    expect(start.models).toBe(MODELS);
    expect(
      initialSessionState({
        sessionId: 's',
        workdir: '/w',
        permissionMode: 'default',
        model: { provider: 'demo', model: 'wave-demo' },
      }).models,
    ).toStrictEqual([]);
  });

  it('a switch names the entry; a plain model id afterwards names none, and the list stays', () => {
    const fast = applySessionEvent(start, {
      type: 'modelChanged',
      provider: 'openai',
      model: 'gpt-4.1-mini',
      name: 'fast',
      reason: 'chosen with /model in this session',
    });
    expect(fast.model).toStrictEqual({
      provider: 'openai',
      model: 'gpt-4.1-mini',
      name: 'fast',
      reason: 'chosen with /model in this session',
    });
    const plain = applySessionEvent(fast, {
      type: 'modelChanged',
      provider: 'openai',
      model: 'gpt-4.1',
    });
    expect(plain.model).toStrictEqual({ provider: 'openai', model: 'gpt-4.1' });
    expect(plain.models).toBe(MODELS);
  });

  it('travel in a pulled state and in a modelChanged event, validated on arrival', () => {
    expect(SessionStateSchema.parse(JSON.parse(JSON.stringify(start)))).toStrictEqual(start);
    const parsed = parseAgentEvent({
      type: 'modelChanged',
      provider: 'openai',
      model: 'gpt-4.1-mini',
      name: 'fast',
    });
    expect(parsed.ok && parsed.value).toMatchObject({ name: 'fast' });
  });

  it('a state whose list is malformed (an unknown purpose, no model id) is refused', () => {
    const unknownPurpose = {
      ...start,
      models: [{ name: 'x', provider: 'openai', model: 'm', purposes: ['titles'] }],
    };
    expect(SessionStateSchema.safeParse(unknownPurpose).success).toBe(false);
    const noModel = { ...start, models: [{ name: 'x', provider: 'openai', purposes: [] }] };
    expect(SessionStateSchema.safeParse(noModel).success).toBe(false);
    const { models: _models, ...withoutList } = start;
    expect(SessionStateSchema.safeParse(withoutList).success).toBe(false);
  });
});
