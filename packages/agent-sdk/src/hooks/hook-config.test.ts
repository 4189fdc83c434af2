import { describe, expect, it } from 'vitest';
import { readHookConfig } from './hook-config.js';

const file = '/p/.claude/settings.json';

describe('readHookConfig', () => {
  it("reads Claude Code's shape, with the 60 s default timeout and the file of each hook", () => {
    const { hooks, problems } = readHookConfig([
      {
        file,
        value: {
          PreToolUse: [
            {
              matcher: 'Edit|Write',
              hooks: [{ type: 'command', command: './fmt.sh', timeout: 5 }],
            },
          ],
          Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
        },
      },
    ]);
    expect(problems).toStrictEqual([]);
    expect(hooks.map(({ matches: _m, ...hook }) => hook)).toStrictEqual([
      {
        event: 'PreToolUse',
        matcher: 'Edit|Write',
        command: './fmt.sh',
        timeoutMs: 5000,
        source: file,
      },
      { event: 'Stop', matcher: '', command: './stop.sh', timeoutMs: 60_000, source: file },
    ]);
    expect(hooks[0]?.matches('Write')).toBe(true);
    expect(hooks[0]?.matches('MultiEdit')).toBe(false);
  });

  it('matchers: empty and * take everything, a regex takes what it matches whole', () => {
    const matcher = (m: string) =>
      readHookConfig([
        {
          file,
          value: { PreToolUse: [{ matcher: m, hooks: [{ type: 'command', command: 'x' }] }] },
        },
      ]).hooks[0]?.matches;
    expect(matcher('*')?.('Bash')).toBe(true);
    expect(matcher('')?.('Bash')).toBe(true);
    expect(matcher('mcp__.*')?.('mcp__github__list')).toBe(true);
    expect(matcher('mcp__.*')?.('Bash')).toBe(false);
    expect(matcher('Bash')?.('Bash')).toBe(true);
  });

  it('skips a bad entry with a sentence naming the file and what is wrong; the rest loads', () => {
    const { hooks, problems } = readHookConfig([
      {
        file,
        value: {
          Bogus: [],
          PreToolUse: [
            { matcher: '(', hooks: [{ type: 'command', command: 'a' }] },
            {
              hooks: [
                { type: 'prompt', prompt: 'is it ok?' },
                { type: 'command', command: '' },
                { type: 'command', command: 'ok' },
              ],
            },
          ],
          Stop: 'nope',
        },
      },
      { file: '/home/u/.wave/settings.json', value: [1] },
    ]);
    expect(hooks.map((hook) => hook.command)).toStrictEqual(['ok']);
    expect(problems).toStrictEqual([
      expect.stringMatching(/^"hooks.Bogus" in \/p\/.claude\/settings.json is not a hook event/),
      expect.stringMatching(
        /"hooks.PreToolUse\[0\]" .* matcher "\(" is not a valid regular expression/,
      ),
      expect.stringMatching(
        /hooks\[0\] is skipped: Wave runs hooks of type "command" only, not "prompt"/,
      ),
      expect.stringMatching(/hooks\[1\] is skipped: command is empty/),
      expect.stringMatching(/"hooks.Stop" in .* is not a list/),
      expect.stringMatching(/"hooks" in \/home\/u\/.wave\/settings.json is not an object/),
    ]);
  });
});
