// What every interactive end-to-end test needs, set up and torn down around each test: a fresh
// WAVE_HOME and working directory, and the mock model and terminal it starts (closed after).
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterEach, beforeEach } from 'vitest';
import type { PtyTerminal } from './terminal.js';
import { tempDir } from './wave-process.js';

type TempDir = ReturnType<typeof tempDir>;

export class E2eFixture {
  /** $WAVE_HOME for the current test (made before each test). */
  home!: TempDir;
  /** The working directory wave runs in (made before each test). */
  work!: TempDir;
  /** Set by the test when it starts one; closed after the test. */
  mock: MockLlm | undefined;
  /** Set by the test when it starts one; disposed after the test. */
  terminal: PtyTerminal | undefined;
}

/** Registers the per-test setup and returns the fixture each test fills in. */
export function useE2eFixture(): E2eFixture {
  const fixture = new E2eFixture();
  beforeEach(() => {
    fixture.home = tempDir('home');
    fixture.work = tempDir('work');
  });
  afterEach(async () => {
    await fixture.terminal?.dispose();
    fixture.terminal = undefined;
    await fixture.mock?.close();
    fixture.mock = undefined;
    fixture.home.remove();
    fixture.work.remove();
  });
  return fixture;
}
