// The four published packages, packed as npm would publish them and installed into an empty
// folder from the tarballs: their exports, types and the `wave` bin must work there, with no
// workspace around them — and the published client must drive the published `wave --stdio`.
// (Their third-party dependencies come from the npm registry.)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const published = ['shared-protocol', 'agent-sdk', 'client', 'code'];
const work = mkdtempSync(join(tmpdir(), 'wave-pack-'));
const tarballs = join(work, 'tarballs');
const project = join(work, 'project');

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('packed tarballs', () => {
  beforeAll(() => {
    for (const name of published) {
      const dir = join(root, 'packages', name);
      expect(
        existsSync(join(dir, 'dist', 'index.js')),
        `${name} must be built before packing`,
      ).toBe(true);
      run('pnpm', ['pack', '--pack-destination', tarballs], dir);
    }
    mkdirSync(project, { recursive: true });
    run('npm', ['init', '-y'], project);
    const files = readdirSync(tarballs).map((file) => join(tarballs, file));
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files], project);
  }, 240_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('ships only built files, with types', () => {
    for (const name of published) {
      const dir = join(project, 'node_modules', '@wave-agent', name);
      expect(existsSync(join(dir, 'dist', 'index.d.ts'))).toBe(true);
      expect(existsSync(join(dir, 'src')), `${name} must not ship its sources`).toBe(false);
      const files = run('find', ['dist', '-name', '*.test.*'], dir).trim();
      expect(files, `${name} must not ship tests`).toBe('');
    }
  });

  it('imports the public API of each package', () => {
    const script = `
      const protocol = await import('@wave-agent/shared-protocol');
      const sdk = await import('@wave-agent/agent-sdk');
      const state = protocol.applyEvent(protocol.emptyConversation, { type: 'assistantMessageAdded', messageId: 'm', createdAt: 1 });
      console.log(JSON.stringify({ messages: state.messages.length, agent: typeof sdk.Agent.create }));
    `;
    const out = run('node', ['--input-type=module', '-e', script], project);
    expect(JSON.parse(out)).toEqual({ messages: 1, agent: 'function' });
  });

  it('drives the installed wave --stdio with the installed client', () => {
    const script = `
      import { WaveClient } from '@wave-agent/client';
      import { childProcessTransport } from '@wave-agent/client/node';
      const transport = childProcessTransport({ args: ['node_modules/@wave-agent/code/dist/bin.js', '--stdio'] });
      const client = new WaveClient(transport);
      const session = await client.open({ workdir: process.cwd(), provider: 'demo' });
      const ended = new Promise((resolve) => session.onEvent((event) => event.type === 'turnEnded' && resolve(event.stopReason)));
      await session.sendMessage('hi');
      const stopReason = await ended;
      const reply = session.getSnapshot().conversation.messages.find((m) => m.role === 'assistant');
      console.log(JSON.stringify({ stopReason, replied: reply !== undefined, problems: client.problems }));
      await transport.close();
    `;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: work,
      WAVE_HOME: join(work, 'home'),
    };
    const out = run('node', ['--input-type=module', '-e', script], project, env);
    expect(JSON.parse(out)).toEqual({ stopReason: 'end_turn', replied: true, problems: [] });
  });

  it('installs a working wave bin', () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: work,
      WAVE_HOME: join(work, 'home'),
    };
    const out = run(join(project, 'node_modules', '.bin', 'wave'), ['--version'], project, env);
    expect(out).toMatch(/^wave \d+\.\d+\.\d+/);
    expect(out).toContain('demo');
  });

  it("ships the source map each file of wave's bundle links (WAVE_DEBUG maps a trace with it)", () => {
    const bundle = join(project, 'node_modules', '@wave-agent', 'code', 'dist', 'bundle');
    const files = readdirSync(bundle, { recursive: true, encoding: 'utf8' });
    const linked = files
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => {
        const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(
          readFileSync(join(bundle, file), 'utf8'),
        );
        return url ? [join(dirname(file), url[1]!)] : [];
      });
    expect(linked).toContain('wave-main.js.map');
    for (const map of linked) expect(existsSync(join(bundle, map)), map).toBe(true);
  });
});
