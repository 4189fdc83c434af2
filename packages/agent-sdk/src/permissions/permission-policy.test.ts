import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { findTool } from '../tools/registry.js';
import type { ToolDefinition } from '../tools/tool.js';
import { PermissionPolicy } from './permission-policy.js';
import type { PermissionDecision, PermissionRequest } from './permission-request.js';

const workdir = mkdtempSync(join(tmpdir(), 'wave-perm-'));
const signal = new AbortController().signal;

function tool(name: string): ToolDefinition<unknown> {
  const found = findTool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function policy(
  mode: PermissionMode,
  answer?: PermissionDecision,
  asked: PermissionRequest[] = [],
) {
  return new PermissionPolicy(
    mode,
    workdir,
    new Set(),
    answer
      ? (request) => {
          asked.push(request);
          return answer;
        }
      : undefined,
  );
}

const inside = { file_path: 'a.txt', content: 'x' };
const outside = { file_path: '/etc/wave-test.txt', content: 'x' };

describe('PermissionPolicy', () => {
  it('default mode: reads run, edits and commands ask', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('default', { decision: 'allow' }, asked);
    await p.check({ tool: tool('Read'), input: { file_path: 'a.txt' }, toolCallId: '1', signal });
    expect(asked).toHaveLength(0);
    await p.check({ tool: tool('Write'), input: inside, toolCallId: '2', signal });
    await p.check({ tool: tool('Bash'), input: { command: 'ls' }, toolCallId: '3', signal });
    expect(asked.map((a) => a.toolName)).toEqual(['Write', 'Bash']);
    expect(asked[1]!.reason).toMatch(/runs commands/);
  });

  it('acceptEdits: edits inside the workdir run, commands still ask', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('acceptEdits', { decision: 'allow' }, asked);
    expect(
      await p.check({
        tool: tool('Edit'),
        input: { ...inside, old_string: 'a', new_string: 'b' },
        toolCallId: '1',
        signal,
      }),
    ).toEqual({
      allowed: true,
    });
    await p.check({ tool: tool('Bash'), input: { command: 'ls' }, toolCallId: '2', signal });
    expect(asked.map((a) => a.toolName)).toEqual(['Bash']);
  });

  it('paths outside the workdir need permission even for reads and accepted edits', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('acceptEdits', { decision: 'deny' }, asked);
    const read = await p.check({
      tool: tool('Read'),
      input: { file_path: '/etc/hostname' },
      toolCallId: '1',
      signal,
    });
    expect(read).toMatchObject({ allowed: false, byUser: true });
    const write = await p.check({ tool: tool('Write'), input: outside, toolCallId: '2', signal });
    expect(write).toMatchObject({ allowed: false });
    expect(asked[0]!.reason).toMatch(/outside the working directory: \/etc\/hostname/);
  });

  it('plan mode runs only read-only tools, without asking', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('plan', { decision: 'allow' }, asked);
    const write = await p.check({ tool: tool('Write'), input: inside, toolCallId: '1', signal });
    expect(write).toMatchObject({ allowed: false, byUser: false });
    if (!write.allowed) expect(write.reason).toMatch(/Plan mode/);
    expect(
      await p.check({ tool: tool('Grep'), input: { pattern: 'x' }, toolCallId: '2', signal }),
    ).toEqual({ allowed: true });
    expect(asked).toHaveLength(0);
  });

  it('bypassPermissions runs everything without asking', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('bypassPermissions', { decision: 'deny' }, asked);
    expect(
      await p.check({ tool: tool('Bash'), input: { command: 'ls' }, toolCallId: '1', signal }),
    ).toEqual({ allowed: true });
    expect(asked).toHaveLength(0);
  });

  it('"allow for this session" stops asking for that tool', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('default', { decision: 'allowSession' }, asked);
    await p.check({ tool: tool('Bash'), input: { command: 'ls' }, toolCallId: '1', signal });
    await p.check({ tool: tool('Bash'), input: { command: 'pwd' }, toolCallId: '2', signal });
    expect(asked).toHaveLength(1);
  });

  it('denies with a reason that says what to do when there is no one to ask', async () => {
    const outcome = await policy('default').check({
      tool: tool('Bash'),
      input: { command: 'ls' },
      toolCallId: '1',
      signal,
    });
    expect(outcome).toMatchObject({ allowed: false, byUser: false });
    if (!outcome.allowed) expect(outcome.reason).toMatch(/--permission-mode/);
  });

  it('tools in the always-allowed list never ask', async () => {
    const asked: PermissionRequest[] = [];
    const p = new PermissionPolicy('default', workdir, new Set(['Bash']), (r) => {
      asked.push(r);
      return { decision: 'deny' };
    });
    expect(
      await p.check({ tool: tool('Bash'), input: { command: 'ls' }, toolCallId: '1', signal }),
    ).toEqual({ allowed: true });
    expect(asked).toHaveLength(0);
  });
});
