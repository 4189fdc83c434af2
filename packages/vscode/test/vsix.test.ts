// `pnpm --filter ./packages/vscode run package` writes a .vsix without asking anything; it holds
// exactly the bundled extension, the bundled CLI and the chat UI; and unpacked on its own — no
// node_modules, no workspace — it activates and chats (with the offline demo model), as it does
// when installed into VS Code (whose API is the fake in test/fake-vscode here).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fakeVscode from './fake-vscode/vscode.js';
import { fake, fakeExtensionContext } from './fake-vscode/vscode.js';
import { zipEntries } from './support/zip-entries.js';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  version: string;
  contributes: { commands: { command: string }[] };
};
const root = mkdtempSync(join(tmpdir(), 'wave-vsix-test-'));
const installed = join(root, 'installed');
let entries: string[] = [];
let packagedOutput = '';

beforeAll(() => {
  const run = spawnSync(process.execPath, ['scripts/package.mjs'], {
    cwd: packageDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 240_000,
  });
  packagedOutput = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`packaging failed:\n${packagedOutput}`);
  const zip = zipEntries(readFileSync(join(packageDir, `wave-${manifest.version}.vsix`)));
  entries = zip.map((entry) => entry.name).sort();
  for (const entry of zip) {
    if (!entry.name.startsWith('extension/')) continue;
    const target = join(installed, entry.name.slice('extension/'.length));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, entry.content());
  }
}, 300_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the .vsix', () => {
  it('holds the bundled extension, the bundled CLI and the chat UI, and nothing else', () => {
    const cli = entries.filter((name) => name.startsWith('extension/dist/wave/'));
    expect(entries.filter((name) => !cli.includes(name))).toEqual([
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/LICENSE.txt',
      'extension/dist/extension.cjs',
      'extension/dist/webview/assets/favicon.svg',
      'extension/dist/webview/assets/style.css',
      'extension/dist/webview/assets/wave.js',
      'extension/dist/webview/index.html',
      'extension/media/wave.svg',
      'extension/package.json',
      'extension/readme.md',
    ]);
    // The CLI as packages/code publishes it: its entry, the chunks it loads on demand, print
    // mode's own bundle (what a Node without a compile cache runs for `-p`), and wave-claude's
    // small entry (the extension never starts it; its code is in the shared chunks).
    expect(cli).toContain('extension/dist/wave/wave.js');
    for (const name of cli)
      expect(name).toMatch(
        /^extension\/dist\/wave\/(wave\.js|wave-main\.js|wave-claude\.js|print-[\w-]+\.cjs(\.LEGAL\.txt)?|chunks\/[\w.-]+\.js(\.LEGAL\.txt)?)$/,
      );
    expect(packagedOutput).not.toMatch(/WARNING/);
  });

  it('bundles no code that reads the global navigator (VS Code 1.139 throws on it in its Node host)', () => {
    const bundle = readFileSync(join(installed, 'dist/extension.cjs'), 'utf8');
    expect(bundle).toContain('allowsEval');
    expect(bundle.match(/.{0,60}\bnavigator\b.{0,60}/g) ?? []).toEqual([]);
  });

  it('gives its title-bar actions codicons, not words', () => {
    const { contributes } = manifest as unknown as {
      contributes: {
        commands: { command: string; icon?: string }[];
        menus: { 'view/title': { command: string }[] };
      };
    };
    const icons = contributes.menus['view/title'].map(
      (item) => contributes.commands.find((entry) => entry.command === item.command)?.icon,
    );
    expect(icons).toEqual(['$(add)', '$(link-external)', '$(history)']);
  });

  it('activates from its own files alone and chats with the bundled CLI', async () => {
    // The unpacked extension's require('vscode') gets the fake, as VS Code's loader gives the API.
    const moduleApi = createRequire(import.meta.url)('node:module') as {
      _load: (request: string, ...rest: unknown[]) => unknown;
    };
    const load = moduleApi._load;
    moduleApi._load = (request, ...rest) =>
      request === 'vscode' ? fakeVscode : load.call(moduleApi, request, ...rest);
    const home = join(root, 'home');
    const work = join(root, 'work');
    mkdirSync(work);
    process.env.WAVE_HOME = home;
    fake.reset();
    fake.workspaceFolder = work;
    fake.userSettings.set('wave.provider', 'demo');
    const extension = createRequire(join(installed, 'package.json'))('./dist/extension.cjs') as {
      activate: (context: unknown) => { views: { active?: { session?: SessionLike } } };
      deactivate: () => Promise<void>;
    };
    const context = fakeExtensionContext(installed);
    try {
      const running = extension.activate(context);
      expect([...fake.commands.keys()].sort()).toEqual(
        manifest.contributes.commands.map((entry) => entry.command).sort(),
      );
      await fake.resolveView('wave.chatView');
      const session = running.views.active?.session;
      if (!session) throw new Error(`No session: ${fake.shown.join(' / ')}`);
      await session.sendMessage('hello');
      // The extension host relays and does not reduce: it reads the state by a pull.
      const reply = await until(session);
      expect(reply).toContain('demo');
      // In VS Code's terms: its settings and its key command, not the terminal's variables.
      expect(reply).toContain('"wave.provider"');
      expect(reply).toContain('Wave: Set API Key…');
      expect(reply).not.toContain('WAVE_PROVIDER');
    } finally {
      context.dispose();
      await extension.deactivate();
      moduleApi._load = load;
    }
  });
});

interface SessionState {
  status: { type: string };
  conversation: { messages: { role: string; blocks: { type: string; content?: string }[] }[] };
}

interface SessionLike {
  sendMessage(text: string): Promise<unknown>;
  read(): Promise<SessionState>;
}

function replyOf(state: SessionState): string {
  return state.conversation.messages
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => message.blocks)
    .map((block) => (block.type === 'text' ? (block.content ?? '') : ''))
    .join('');
}

/** The reply once the turn has ended with one, read by pulls (bounded: 45 s). */
async function until(session: SessionLike): Promise<string> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const state = await session.read();
    if (state.status.type === 'idle' && replyOf(state) !== '') return replyOf(state);
    if (Date.now() > deadline) throw new Error('The demo reply did not arrive within 45 s.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
