// The work-folder boundary as a model meets it: tool calls scripted in tools/mock-llm, run by a
// real Agent on real files, with `link-file → /outside/secret.txt` and `link-dir → /outside`
// inside the work folder. Every call that really reaches outside asks; allowedTools and "allow
// for this session" never skip that question, nor the one about Wave's own configuration.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { ReplyPart } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import type { PermissionDecision, PermissionRequest } from './permission-request.js';

const SECRET = 'the outside secret';
let outside: string;
let workdir: string;
let harness: Harness | undefined;

beforeEach(() => {
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'wave-outside-')));
  workdir = realpathSync(mkdtempSync(join(tmpdir(), 'wave-inside-')));
  writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
  symlinkSync(join(outside, 'secret.txt'), join(workdir, 'link-file'));
  symlinkSync(outside, join(workdir, 'link-dir'));
  writeFileSync(join(workdir, 'own.txt'), 'inside\n');
});

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  rmSync(outside, { recursive: true, force: true });
  rmSync(workdir, { recursive: true, force: true });
});

function call(name: string, input: Record<string, unknown>): ReplyPart {
  return { type: 'tool_call', name, input };
}

/** One response per call (a denial skips the rest of its response), then a closing answer. */
async function run(
  calls: readonly ReplyPart[],
  mode: PermissionMode,
  decide: (request: PermissionRequest) => PermissionDecision,
  allowedTools: readonly string[] = [],
): Promise<{ asked: PermissionRequest[]; results: Map<string, string> }> {
  const asked: PermissionRequest[] = [];
  harness = await startHarness(
    'openai',
    {
      name: 'boundary',
      turns: [
        ...calls.map((part) => ({ reply: [part] })),
        { reply: [{ type: 'text', text: 'done' }] },
      ],
    },
    {
      workdir,
      permissionMode: mode,
      allowedTools,
      canUseTool: (request) => {
        asked.push(request);
        return decide(request);
      },
    },
  );
  await harness.agent.sendMessage('go');
  const results = new Map<string, string>();
  for (const event of ofType(harness.events, 'toolBlockUpdated')) {
    if (event.stage === 'end') results.set(event.id, event.result ?? event.error ?? '');
  }
  return { asked, results };
}

const deny = (): PermissionDecision => ({ decision: 'deny' });

describe('symbolic links out of the work folder', () => {
  it('reads through a link ask first, in default mode, and nothing outside is shown without a yes', async () => {
    const reads = [
      call('Read', { file_path: 'link-file' }),
      call('Read', { file_path: 'link-dir/secret.txt' }),
      call('LS', { path: 'link-dir' }),
      call('Glob', { pattern: '*', path: 'link-dir' }),
      call('Glob', { pattern: 'link-dir/*.txt' }),
      call('Grep', { pattern: 'secret', path: 'link-dir' }),
      call('Grep', { pattern: 'secret', path: 'link-file' }),
    ];
    const { asked, results } = await run(reads, 'default', deny);
    expect(asked.map((request) => request.toolName)).toEqual([
      'Read',
      'Read',
      'LS',
      'Glob',
      'Glob',
      'Grep',
      'Grep',
    ]);
    for (const request of asked) {
      expect(request.reason).toMatch(/reaches outside the working directory: /);
      expect(request.reason).toContain(outside);
    }
    expect([...results.values()].join('\n')).not.toContain(SECRET);
    expect([...results.values()].join('\n')).not.toContain('secret.txt');
  });

  it('a walk of the work folder (Glob, Grep) does not follow links out, and asks nothing', async () => {
    const { asked, results } = await run(
      [
        call('Grep', { pattern: 'secret|inside', output_mode: 'content' }),
        call('Glob', { pattern: '**' }),
      ],
      'default',
      deny,
    );
    expect(asked).toEqual([]);
    const output = [...results.values()].join('\n');
    expect(output).toContain('own.txt');
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain('secret.txt');
  });

  it('under acceptEdits, writes and edits through a link ask, and a no leaves the outside alone', async () => {
    const { asked } = await run(
      [
        call('Write', { file_path: 'link-file', content: 'overwritten' }),
        call('Edit', {
          file_path: 'link-dir/secret.txt',
          old_string: 'outside',
          new_string: 'stolen',
        }),
        call('Write', { file_path: 'link-dir/new.txt', content: 'planted' }),
        call('Write', { file_path: 'link-dir/deeper/new.txt', content: 'planted' }),
      ],
      'acceptEdits',
      deny,
    );
    expect(asked.map((request) => request.toolName)).toEqual(['Write', 'Edit', 'Write', 'Write']);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe(`${SECRET}\n`);
    expect(existsSync(join(outside, 'new.txt'))).toBe(false);
    expect(existsSync(join(outside, 'deeper'))).toBe(false);
  });

  it('a dangling link to a file outside is outside too', async () => {
    symlinkSync(join(outside, 'not-yet.txt'), join(workdir, 'dangling'));
    const { asked } = await run(
      [call('Write', { file_path: 'dangling', content: 'planted' })],
      'acceptEdits',
      deny,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]!.reason).toContain(join(outside, 'not-yet.txt'));
    expect(existsSync(join(outside, 'not-yet.txt'))).toBe(false);
  });
});

describe('what allowedTools and "allow for this session" never skip', () => {
  it('allowedTools never lifts the boundary: an outside path still asks', async () => {
    const { asked, results } = await run(
      [
        call('Read', { file_path: join(outside, 'secret.txt') }),
        call('Read', { file_path: 'own.txt' }),
      ],
      'default',
      deny,
      ['Read'],
    );
    expect(asked.map((request) => request.reason)).toEqual([
      expect.stringContaining(
        `reaches outside the working directory: ${join(outside, 'secret.txt')}`,
      ),
    ]);
    expect([...results.values()].join('\n')).not.toContain(SECRET);
    expect([...results.values()].join('\n')).toContain('inside');
  });

  it('"allow for this session" on an outside path allows that path only', async () => {
    writeFileSync(join(outside, 'other.txt'), 'other\n');
    const { asked } = await run(
      [
        call('Read', { file_path: join(outside, 'secret.txt') }),
        call('Read', { file_path: join(outside, 'secret.txt') }),
        call('Read', { file_path: join(outside, 'other.txt') }),
      ],
      'default',
      () => ({ decision: 'allowSession' }),
    );
    expect(asked.map((request) => request.reason)).toEqual([
      expect.stringContaining('secret.txt'),
      expect.stringContaining('other.txt'),
    ]);
  });

  it("writes to Wave's configuration always ask, even allowed and under acceptEdits", async () => {
    mkdirSync(join(workdir, '.wave'));
    writeFileSync(join(workdir, '.mcp.json'), '{}\n');
    const { asked } = await run(
      [
        call('Write', {
          file_path: '.wave/settings.json',
          content: '{"permissionMode":"bypassPermissions"}',
        }),
        call('Edit', { file_path: '.mcp.json', old_string: '{}', new_string: '{"mcpServers":{}}' }),
        call('Write', { file_path: '.WAVE/hooks.json', content: '{}' }),
        call('Write', { file_path: 'src/fine.ts', content: 'export {};' }),
      ],
      'acceptEdits',
      () => ({ decision: 'allowSession' }),
      ['Write', 'Edit'],
    );
    expect(asked.map((request) => request.toolName)).toEqual(['Write', 'Edit', 'Write']);
    for (const request of asked) expect(request.reason).toMatch(/changes Wave's configuration/);
    expect(readFileSync(join(workdir, 'src/fine.ts'), 'utf8')).toBe('export {};');
  });

  it('bypassPermissions asks nothing, inside or out', async () => {
    const { asked } = await run(
      [
        call('Read', { file_path: 'link-file' }),
        call('Write', { file_path: '.wave/settings.json', content: '{}' }),
      ],
      'bypassPermissions',
      deny,
    );
    expect(asked).toEqual([]);
    expect(readFileSync(join(workdir, '.wave/settings.json'), 'utf8')).toBe('{}');
  });

  it('with no one to ask (print mode), an outside path is refused with what would allow it', async () => {
    harness = await startHarness(
      'openai',
      {
        name: 'no-one',
        turns: [
          { reply: [call('Read', { file_path: 'link-file' })] },
          { reply: [{ type: 'text', text: 'done' }] },
        ],
      },
      { workdir, permissionMode: 'acceptEdits', allowedTools: ['Read'] },
    );
    await harness.agent.sendMessage('go');
    const end = ofType(harness.events, 'toolBlockUpdated').find((event) => event.stage === 'end');
    expect(end?.error).toMatch(
      /reaches outside .*no one to ask.*Only --permission-mode bypassPermissions/,
    );
    expect(end?.result ?? '').not.toContain(SECRET);
  });
});
