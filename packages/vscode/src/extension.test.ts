// The extension host side against the fake `vscode` module (test/fake-vscode: VS Code itself
// cannot run here) and a real `wave --stdio` child: activation registers the view and every
// command and starts nothing; a missing CLI is a sentence in the view with a restart, never a
// failed activation; the restart with a fixed path opens a session.
import { readFileSync } from 'node:fs';
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
});
