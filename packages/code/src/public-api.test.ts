// What @wave-agent/code offers as a library, and nothing more: the benchmark's mount is for
// tools/bench, which reaches it through a subpath only the workspace's source condition resolves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';

const manifest: unknown = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);

describe('the public API of @wave-agent/code', () => {
  it('exports the CLI and the settings helpers, not the benchmark mount', () => {
    expect(Object.keys(api).sort()).toEqual([
      'loadSettings',
      'projectSettingsPath',
      'runCli',
      'saveModelSetting',
      'settingsPath',
      'userSettingsPath',
    ]);
  });

  it('publishes only the main entry; the benchmark subpath exists for the sources alone', () => {
    expect(manifest).toMatchObject({
      exports: { './benchmark': { '@wave-agent/source': './src/ui/benchmark.ts' } },
      publishConfig: { exports: { '.': { default: './dist/index.js' } } },
    });
    const published = (manifest as { publishConfig: { exports: object } }).publishConfig.exports;
    expect(Object.keys(published)).toEqual(['.']);
    const benchmark = (manifest as { exports: Record<string, object> }).exports['./benchmark'];
    expect(Object.keys(benchmark ?? {})).toEqual(['@wave-agent/source']);
  });
});
