// The extension host side against the fake `vscode` module (test/fake-vscode: VS Code itself
// cannot run here) and a real `wave --stdio` child: activation registers the view and every
// command and starts nothing; a missing CLI is a sentence in the view with a restart, never a
// failed activation; the restart with a fixed path opens a session. A wave that keeps crashing
// is restarted by the client until it gives up; then a notification offers Restart Wave, which
// starts it afresh (with the settings as they are now) and the view opens its session. A folder
// whose .wave settings ask for more is a modal question first; the answer applies.
import { chmodSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fake, fakeExtensionContext } from '../test/fake-vscode/vscode.js';
import type { FakeWebviewView } from '../test/fake-vscode/vscode.js';
import { waveLauncher } from '../test/support/wave-launcher.js';
import type { WaveLauncher } from '../test/support/wave-launcher.js';
import { activate, deactivate, VIEW_ID } from './extension.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  contributes: { commands: { command: string }[] };
};

let launcher: WaveLauncher;
let context: ReturnType<typeof fakeExtensionContext>;

beforeAll(() => {
  launcher = waveLauncher();
});
afterAll(async () => {
  context.dispose();
  await deactivate();
  launcher.remove();
});

async function until(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function bootSessionId(view: FakeWebviewView): string | undefined {
  const match = /name="wave-boot" content="([^"]*)"/.exec(view.webview.html);
  if (!match?.[1]) return undefined;
  return (JSON.parse(match[1].replaceAll('&quot;', '"')) as { sessionId: string }).sessionId;
}

describe('the extension', () => {
  it('activates without a CLI, registers the view and every command, and starts nothing', async () => {
    fake.reset();
    fake.workspaceFolder = launcher.workdir;
    fake.userSettings.set('wave.cliPath', '/nowhere/wave');
    context = fakeExtensionContext('/nowhere/extension');
    const extension = activate(context as never);

    const registered = fake.providers.get(VIEW_ID);
    expect(registered?.options).toEqual({ webviewOptions: { retainContextWhenHidden: true } });
    expect([...fake.commands.keys()].sort()).toEqual(
      manifest.contributes.commands.map((entry) => entry.command).sort(),
    );
    // Nothing was started: no child, and (once pending work has run) nothing to report.
    await new Promise((resolve) => setImmediate(resolve));
    expect(extension.process.pid).toBeUndefined();
    expect(fake.shown).toEqual([]);
    expect(extension.views.all()).toEqual([]);

    // The view says what is wrong and how to fix it, with links that need no script.
    const view = await fake.resolveView(VIEW_ID);
    // Its page may run scripts and load files from the extension's built chat UI only.
    expect(view.webview.options).toMatchObject({ enableScripts: true });
    expect(
      (view.webview.options as { localResourceRoots: { fsPath: string }[] }).localResourceRoots.map(
        (root) => root.fsPath,
      ),
    ).toEqual(['/nowhere/extension/dist/webview']);
    expect(view.webview.html).toContain(
      'The setting wave.cliPath names /nowhere/wave, which does not exist.',
    );
    expect(view.webview.html).toContain('href="command:wave.restart"');
    expect(view.webview.html).toContain("script-src 'none'");
    expect(fake.shown[0]?.slice(0, 1)).toEqual(['error']);
    expect(fake.shown[0]?.slice(2)).toEqual(['Restart Wave', 'Open Settings']);

    // Fixed: the restart starts wave and the view attaches to a new session.
    fake.userSettings.set('wave.cliPath', launcher.path);
    fake.userSettings.set('wave.provider', 'demo');
    await fake.run('wave.restart');
    const sessionId = bootSessionId(view);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(extension.views.active?.session?.id).toBe(sessionId);
  });

  it('offers Restart Wave once the client gives up restarting a crashing wave, and it recovers', async () => {
    context.dispose();
    await deactivate();
    fake.reset();
    fake.workspaceFolder = launcher.workdir;
    const crashing = join(launcher.workdir, '..', 'crashing-wave');
    writeFileSync(crashing, '#!/bin/sh\necho "cannot read my settings" >&2\nexit 3\n');
    chmodSync(crashing, 0o755);
    fake.userSettings.set('wave.cliPath', crashing);
    fake.userSettings.set('wave.provider', 'demo');
    // The user answers the notification once the test has fixed the setting.
    let answer: (button: string) => void = () => undefined;
    fake.answers.push(new Promise<string>((resolve) => (answer = resolve)));
    context = fakeExtensionContext('/nowhere/extension');
    const extension = activate(context as never);
    const view = await fake.resolveView(VIEW_ID);

    await until('the notification is shown', () => fake.shown.some(([kind]) => kind === 'error'));
    expect(fake.shown).toHaveLength(1);
    const [, message, ...buttons] = fake.shown[0] ?? [];
    expect(message).toBe(
      'wave --stdio stopped unexpectedly (exit code 3); its last words: cannot read my settings. It is not started again after 4 stops within 60 s: check its log (stderr) and the command that runs it, then reopen the window.',
    );
    expect(buttons).toEqual(['Restart Wave', 'Open Settings']);
    expect(fake.output.join('')).toContain('cannot read my settings');
    expect(view.webview.html).toContain('href="command:wave.restart"');
    expect(extension.views.active?.session).toBeUndefined();

    fake.userSettings.set('wave.cliPath', launcher.path);
    answer('Restart Wave');
    await until('the view shows a session', () => bootSessionId(view) !== undefined);
    expect(extension.views.active?.session?.id).toBe(bootSessionId(view));
    expect(extension.process.pid).toBeDefined();
  });

  it('asks in a modal whether to trust a folder whose .wave settings ask for more, and applies the answer', async () => {
    context.dispose();
    await deactivate();
    fake.reset();
    const folder = join(launcher.workdir, '..', 'asking-folder');
    mkdirSync(join(folder, '.wave'), { recursive: true });
    writeFileSync(
      join(folder, '.wave', 'settings.json'),
      JSON.stringify({ permissionMode: 'bypassPermissions' }),
    );
    fake.workspaceFolder = folder;
    fake.userSettings.set('wave.cliPath', launcher.path);
    fake.userSettings.set('wave.provider', 'demo');
    fake.answers.push('Trust This Time');
    context = fakeExtensionContext('/nowhere/extension');
    const extension = activate(context as never);
    await fake.resolveView(VIEW_ID);
    const session = extension.views.active?.session;
    expect(fake.shown).toEqual([
      [
        'warning',
        `The folder ${realpathSync(folder)} asks Wave for more than it allows by default`,
        // First, so VS Code makes it the focused default (Enter refuses).
        'Don’t Trust',
        'Trust This Time',
        'Trust and Remember',
      ],
    ]);
    // A modal (not a notification that can be missed), with every request in its detail.
    expect(fake.shownOptions).toEqual([
      {
        modal: true,
        detail: expect.stringMatching(
          /^• permissionMode = bypassPermissions \(.*settings\.json\): .*\n\nTrust it only if you trust whoever wrote these files\./s,
        ),
      },
    ]);
    expect((await session?.read())?.permissionMode).toBe('bypassPermissions');
  });
});
