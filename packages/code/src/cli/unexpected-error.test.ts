// A failure runCli knows by no type: the system's refusal as a sentence, a bug said to be one,
// its stack only when WAVE_DEBUG asks for it.
import { describe, expect, it } from 'vitest';
import { unexpectedErrorText } from './unexpected-error.js';

function systemError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error('raw system message'), fields);
}

describe('unexpectedErrorText', () => {
  it('words an address in use as the address and what to do', () => {
    const error = systemError({
      code: 'EADDRINUSE',
      syscall: 'listen',
      address: '127.0.0.1',
      port: 8123,
    });
    expect(unexpectedErrorText(error, {})).toBe(
      'wave: could not listen on 127.0.0.1:8123: raw system message. Another program uses that address; stop it or choose another.\n',
    );
  });

  it('says a full disk in words', () => {
    const error = systemError({ code: 'ENOSPC', syscall: 'write', path: '/home/u/.wave/x' });
    expect(unexpectedErrorText(error, {})).toBe(
      'wave: could not write /home/u/.wave/x: the disk is full (ENOSPC). Free some disk space and try again.\n',
    );
  });

  it('calls anything else a bug in one sentence, with its stack only under WAVE_DEBUG', () => {
    const bug = new TypeError('cannot read properties of undefined');
    const quiet = unexpectedErrorText(bug, {});
    expect(quiet).toBe(
      "wave: internal error (a bug in Wave): cannot read properties of undefined. Run the command again with WAVE_DEBUG=1 to see where it happened, and report it with that trace at the project's issue tracker.\n",
    );
    expect(unexpectedErrorText(bug, { WAVE_DEBUG: '0' })).toBe(quiet);
    const loud = unexpectedErrorText(bug, { WAVE_DEBUG: '1' });
    expect(loud).toBe(
      `wave: internal error (a bug in Wave): cannot read properties of undefined. Please report it, with the command you ran and this trace, at the project's issue tracker.\n${bug.stack}\n`,
    );
  });
});
