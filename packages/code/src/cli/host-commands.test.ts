import { describe, expect, it } from 'vitest';
import { hostCommands } from './host-commands.js';

describe('host commands', () => {
  it('never start an editor without a terminal to give it (ACP: stdin and stdout are the protocol)', async () => {
    const commands = hostCommands({ workdir: '/nowhere', waveHome: '/nowhere' });
    expect(await commands({ name: 'memory', args: '/nowhere/AGENTS.md' })).toBe(false);
  });
});
