// Turns as every host sees them, through a real Agent against tools/mock-llm: each reply,
// `!command` and compaction is framed by turnStarted / turnEnded with its activity, its stop
// reason and the tokens it used; queued messages get turns of their own, in order.
import { afterEach, describe, expect, it } from 'vitest';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const text = (t: string) => ({ reply: [{ type: 'text' as const, text: t }] });

describe('turns', () => {
  it('frame a reply, a !command and a compaction, each with its activity and end', async () => {
    harness = await startHarness('openai', {
      name: 'turns',
      turns: [text('First answer.'), text('SUMMARY: a short summary.')],
    });
    const reply = await harness.agent.sendMessage('hello');
    await harness.agent.runBang('echo bang');
    await harness.agent.compact();
    const started = ofType(harness.events, 'turnStarted');
    const ended = ofType(harness.events, 'turnEnded');
    expect(started.map((event) => event.activity)).toEqual(['reply', 'command', 'compaction']);
    expect(ended.map((event) => [event.turnId, event.stopReason])).toEqual(
      started.map((event) => [event.turnId, 'end_turn']),
    );
    // The reply's turn reports what its model call used; the compaction's tokens count too.
    expect(ended[0]!.usage).toEqual(reply.usage);
    expect(ended[0]!.usage.outputTokens).toBeGreaterThan(0);
    expect(ofType(harness.events, 'usageUpdated')).toHaveLength(1);
    const total = harness.agent.sessionState.usage.total;
    expect(total.outputTokens).toBe(ended[0]!.usage.outputTokens + ended[2]!.usage.outputTokens);
    expect(harness.agent.sessionState.status).toEqual({ type: 'idle' });
    harness.expectStateMatchesEvents();
  });

  it('give each queued message a turn of its own, after the one before has ended', async () => {
    harness = await startHarness('openai', {
      name: 'queued',
      delayMs: 2,
      turns: [text('one, slowly streamed'), text('two')],
    });
    const first = harness.agent.sendMessage('one');
    const second = harness.agent.sendMessage('two');
    expect(harness.agent.sessionState.queue.map((queued) => queued.text)).toEqual(['two']);
    await Promise.all([first, second]);
    const frames = harness.events.flatMap((event) =>
      event.type === 'turnStarted' || event.type === 'turnEnded' ? [event.type] : [],
    );
    expect(frames).toEqual(['turnStarted', 'turnEnded', 'turnStarted', 'turnEnded']);
    harness.expectStateMatchesEvents();
  });

  it('say so when the mode or the model changes, and only then', async () => {
    harness = await startHarness('openai', { name: 'idle', turns: [text('x')] });
    harness.agent.setPermissionMode('plan');
    harness.agent.setPermissionMode('plan');
    harness.agent.setModel('bigger-model');
    expect(harness.events).toEqual([
      { type: 'permissionModeChanged', mode: 'plan' },
      {
        type: 'modelChanged',
        provider: 'openai',
        model: 'bigger-model',
        reason: 'chosen with /model in this session',
      },
    ]);
    expect(harness.agent.sessionState).toMatchObject({
      permissionMode: 'plan',
      model: { model: 'bigger-model' },
    });
  });
});
