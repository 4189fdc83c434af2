// With nothing configured, `wave` starts the offline demo model and says how to configure a real
// one — naming the settings file it reads, which is under $WAVE_HOME wherever that is.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { startWaveTerminal } from './wave-terminal.js';

const fx = useE2eFixture();

describe('the demo notice', () => {
  it('names $WAVE_HOME/settings.json, not ~/.wave, when WAVE_HOME is elsewhere', async () => {
    // Wide enough that the notice is one row: the path is not cut by a wrap.
    fx.terminal = await startWaveTerminal({
      env: {},
      waveHome: fx.home.path,
      cwd: fx.work.path,
      cols: 400,
    });
    const all = await fx.terminal.waitFor(/using the offline demo model/, 10_000, 'the notice');
    expect(all).toContain(`or set "provider" in ${join(fx.home.path, 'settings.json')}, then`);
    expect(all).not.toContain('~/.wave');
  });
});
