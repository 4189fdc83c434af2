import { describe, expect, it } from 'vitest';
import { sandboxOnByDefault } from './sandbox-default.js';

describe('the sandbox by default', () => {
  it('is on where Wave has a sandbox (Linux, macOS), off on Windows', () => {
    expect(sandboxOnByDefault({}, 'linux')).toBe(true);
    expect(sandboxOnByDefault({}, 'darwin')).toBe(true);
    expect(sandboxOnByDefault({}, 'win32')).toBe(false);
  });

  it('WAVE_SANDBOX_DEFAULT=off keeps it off; any other value leaves the default', () => {
    expect(sandboxOnByDefault({ WAVE_SANDBOX_DEFAULT: 'off' }, 'linux')).toBe(false);
    expect(sandboxOnByDefault({ WAVE_SANDBOX_DEFAULT: ' OFF ' }, 'linux')).toBe(false);
    expect(sandboxOnByDefault({ WAVE_SANDBOX_DEFAULT: '' }, 'linux')).toBe(true);
  });
});
