import { describe, expect, it } from 'vitest';
import type { DoctorFacts } from './doctor-checks.js';
import { doctorChecks, doctorLines, hasProblem } from './doctor-checks.js';

const HEALTHY: DoctorFacts = {
  version: '1.2.3',
  node: '22.11.0',
  platform: 'linux',
  arch: 'x64',
  git: 'git version 2.43.0',
  probe: { ok: true, program: 'bwrap', path: '/usr/bin/bwrap' },
  sandbox: { state: 'on', program: 'bwrap', network: false, allowWrite: [], allowRead: [] },
  model: { provider: 'anthropic', model: 'claude-sonnet-4-5', reason: 'WAVE_MODEL' },
  mcpServers: [
    {
      name: 'files',
      transport: 'stdio',
      target: 'node files.js',
      state: 'connected',
      tools: ['mcp__files__read'],
      since: 0,
    },
  ],
};

describe('doctorChecks', () => {
  it('finds nothing wrong on a healthy machine, and says what it found', () => {
    const checks = doctorChecks(HEALTHY);
    expect(hasProblem(checks)).toBe(false);
    expect(doctorLines(checks)).toEqual([
      '✓ Wave      1.2.3',
      '✓ Node      22.11.0 (Wave needs 20.19 or later)',
      '✓ Platform  linux x64',
      '✓ git       git version 2.43.0',
      '✓ Sandbox   on: commands run in it (bwrap at /usr/bin/bwrap runs)',
      '✓ Model     anthropic claude-sonnet-4-5 (WAVE_MODEL); its API key is set (never shown)',
      '✓ MCP       files (stdio): connected, 1 tool',
    ]);
  });

  it('says each problem in one sentence with its fix', () => {
    const lines = doctorLines(
      doctorChecks({
        ...HEALTHY,
        node: '20.18.1',
        git: undefined,
        probe: {
          ok: false,
          program: 'bwrap',
          problem: 'The sandbox is on, but bwrap is missing: install it.',
        },
        sandbox: {
          state: 'unavailable',
          network: false,
          allowWrite: [],
          allowRead: [],
          problem: 'The sandbox is on, but bwrap is missing: install it.',
        },
        model: { provider: 'demo', model: 'demo' },
        mcpServers: [
          {
            name: 'db',
            transport: 'stdio',
            target: 'db-server',
            state: 'failed',
            tools: [],
            reason: 'The command db-server was not found.',
            since: 0,
          },
        ],
      }),
    );
    expect(lines).toContain('✗ Node      20.18.1 (Wave needs 20.19 or later)');
    expect(lines).toContain(
      '    → Node 20.18.1 is older than Wave needs: install Node 20.19 or later (nodejs.org, or `nvm install 22`).',
    );
    expect(lines).toContain('✗ git       not found on PATH');
    expect(lines).toContain('✗ Sandbox   on, but it cannot run here');
    expect(lines).toContain('    → The sandbox is on, but bwrap is missing: install it.');
    expect(lines.join('\n')).toMatch(
      /✗ Model {5}the offline demo.*\n {4}→ No model is configured.*WAVE_API_KEY/,
    );
    expect(lines).toContain(
      '    → The command db-server was not found. Fix its entry (`wave mcp list` shows where it is), then /mcp restart db.',
    );
  });

  it('notes a sandbox turned off without calling it a problem, and says whether it could run', () => {
    const off = { state: 'off', network: false, allowWrite: [], allowRead: [] } as const;
    const runnable = doctorChecks({ ...HEALTHY, sandbox: off });
    expect(hasProblem(runnable)).toBe(false);
    expect(doctorLines(runnable)).toContain(
      '· Sandbox   off: commands run with all your permissions; bwrap at /usr/bin/bwrap runs, so --sandbox would confine them',
    );
    const unusable = doctorChecks({
      ...HEALTHY,
      sandbox: off,
      probe: { ok: false, program: 'bwrap', problem: 'missing' },
    });
    expect(hasProblem(unusable)).toBe(false);
    expect(doctorLines(unusable).join('\n')).toContain(
      'nor could it run here: bwrap is not usable',
    );
  });
});
