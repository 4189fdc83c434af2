import { describe, expect, it } from 'vitest';
import { parsePluginCommand, PLUGIN_USAGE, pluginListText } from './plugin-command.js';

describe('/plugin arguments and text', () => {
  it('reads list, the four changes (and Claude Code\'s "i"), and says how to use it otherwise', () => {
    expect(parsePluginCommand('')).toEqual({ action: 'list' });
    expect(parsePluginCommand('install a@m')).toEqual({ action: 'install', id: 'a@m' });
    expect(parsePluginCommand('i a@m')).toEqual({ action: 'install', id: 'a@m' });
    expect(parsePluginCommand('disable  a@m ')).toEqual({ action: 'disable', id: 'a@m' });
    expect(parsePluginCommand('install a')).toEqual({ action: 'usage', text: PLUGIN_USAGE });
    expect(parsePluginCommand('remove a@m')).toEqual({ action: 'usage', text: PLUGIN_USAGE });
  });

  it('lists each marketplace with its plugins and their state, then the others and problems', () => {
    const text = pluginListText({
      marketplaces: [
        {
          name: 'm',
          plugins: [
            { id: 'a@m', description: 'Does a', installed: false, enabled: false },
            { id: 'b@m', version: '1.0.0', installed: true, enabled: true, installedBy: 'wave' },
          ],
        },
      ],
      others: [
        { id: 'c@x', version: '2', installed: true, enabled: false, installedBy: 'claude-code' },
      ],
      problems: ['x could not be read.'],
    });
    expect(text.split('\n')).toEqual([
      'm:',
      '  a@m (not installed) — Does a',
      '  b@m 1.0.0 (enabled)',
      'Installed from elsewhere:',
      '  c@x 2 (disabled, installed by Claude Code)',
      'x could not be read.',
      PLUGIN_USAGE,
    ]);
  });
});
