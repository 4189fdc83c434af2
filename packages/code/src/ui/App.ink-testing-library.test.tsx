// The same-tick and reopen regressions once more through ink-testing-library itself (100
// columns, every write kept in `frames`), so the result does not rest on our own harness alone.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assistantAdded,
  finished,
  reasoningDelta,
  reasoningEnd,
  textDelta,
  textEnd,
  userMessage,
} from '../test-support/agent-events.js';
import { ScriptedServer } from '../test-support/scripted-server.js';
import { countOccurrences, settle, stripAnsi } from '../test-support/ink-frames.js';
import { sessionOn } from '../test-support/mount-app.js';
import { App } from './App.js';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

async function mount() {
  const agent = new ScriptedServer();
  const rendered = render(<App session={await sessionOn(agent)} />);
  unmount = rendered.unmount;
  // Every frame ink-testing-library saw, without ANSI styling.
  const frames = () => rendered.frames.map(stripAnsi);
  return { agent, frames };
}

describe('App under ink-testing-library', () => {
  it('never doubles the first word when the message and its first delta share a tick', async () => {
    const { agent, frames } = await mount();
    agent.emit(userMessage('u1', 'greet me'), assistantAdded('a1'), textDelta('a1', 'Hello'));
    await settle();
    agent.emit(textDelta('a1', ' there'), textEnd('a1'), finished('a1'));
    await settle();
    for (const frame of frames()) expect(countOccurrences(frame, 'Hello')).toBeLessThanOrEqual(1);
    expect(frames().some((frame) => frame.includes('Hello there'))).toBe(true);
  });

  it('never shows a reopened block twice (T→R→T)', async () => {
    const { agent, frames } = await mount();
    agent.emit(userMessage('u1', 'q'), assistantAdded('a1'), textDelta('a1', 'The answer'));
    await settle();
    agent.emit(textEnd('a1'), reasoningDelta('a1', 'Hmm', 1_000));
    await settle();
    agent.emit(reasoningEnd('a1', 2_000), textDelta('a1', ' is 42.'));
    await settle();
    agent.emit(textEnd('a1'), finished('a1'));
    await settle();
    for (const frame of frames())
      expect(countOccurrences(frame, 'The answer')).toBeLessThanOrEqual(1);
    expect(frames().some((frame) => frame.includes('is 42.'))).toBe(true);
  });
});
