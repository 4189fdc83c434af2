// What the palette's commands do, against the fake `vscode` module (test/fake-vscode: VS Code
// cannot run here) with a real `wave --stdio` child and tools/mock-llm: Stop ends the running
// turn; Switch Permission Mode and Switch Model pick from lists with the current one marked (a
// model id can be typed) and the session takes the choice; New Session starts afresh; Resume
// lists the folder's stored sessions and opens the picked one in a tab, or reveals the tab that
// shows it; a tab whose session cannot be ended says so in the output channel. Focus Input and
// Add to Prompt act on the page: the host↔webview contract test checks them in Chromium.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import type { SessionHandle } from '@wave-agent/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fake, fakeExtensionContext } from '../../test/fake-vscode/vscode.js';
import type { FakeWebviewPanel } from '../../test/fake-vscode/vscode.js';
import { waveLauncher } from '../../test/support/wave-launcher.js';
import type { WaveLauncher } from '../../test/support/wave-launcher.js';
import { activate, deactivate, VIEW_ID } from '../extension.js';
import type { WaveExtension } from '../extension.js';

const WAIT_MS = 30_000;
const LONG = 3000;

let mock: MockLlm;
let launcher: WaveLauncher;
let context: ReturnType<typeof fakeExtensionContext>;
let extension: WaveExtension;
let session: SessionHandle;

beforeAll(async () => {
  mock = await start({
    scenario: {
      name: 'commands',
      turns: [
        {
          match: { lastUserContains: 'long' },
          chunkSize: 5,
          faults: [{ kind: 'hold', afterChunks: 10 }],
          reply: [{ type: 'text', numberedWords: { count: LONG, prefix: 'l' } }],
        },
        { match: { lastUserContains: 'hello' }, reply: [{ type: 'text', text: 'Hello back.' }] },
      ],
    },
  });
  launcher = waveLauncher();
  mkdirSync(launcher.waveHome, { recursive: true });
  writeFileSync(
    join(launcher.waveHome, 'settings.json'),
    JSON.stringify({
      models: {
        fast: { provider: 'openai', model: 'fast-model' },
        smart: { provider: 'openai', model: 'smart-model' },
      },
      defaultModel: 'fast',
    }),
  );
  fake.reset();
  fake.workspaceFolder = launcher.workdir;
  fake.userSettings.set('wave.cliPath', launcher.path);
  fake.userSettings.set('wave.provider', 'openai');
  fake.userSettings.set('wave.baseURL', `${mock.url}/v1`);
  context = fakeExtensionContext('/nowhere/extension');
  await context.secrets.store('wave.apiKey', 'mock-key');
  extension = activate(context as never);
  await fake.resolveView(VIEW_ID);
  const opened = extension.views.active?.session;
  if (!opened) throw new Error(`The view opened no session: ${JSON.stringify(fake.shown)}`);
  session = opened;
}, 60_000);

afterAll(async () => {
  context?.dispose();
  await deactivate();
  mock?.release();
  await mock?.close();
  launcher?.remove();
});

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The reply as the session holds it now (the host pulls it: it only relays the view's batches). */
async function replyOf(handle: SessionHandle): Promise<string> {
  return (await handle.read()).conversation.messages
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => message.blocks)
    .map((block) => (block.type === 'text' ? block.content : ''))
    .join('');
}

function bootSessionId(panel: FakeWebviewPanel): string | undefined {
  const match = /name="wave-boot" content="([^"]*)"/.exec(panel.webview.html);
  return match?.[1]
    ? (JSON.parse(match[1].replaceAll('&quot;', '"')) as { sessionId: string }).sessionId
    : undefined;
}

describe('the commands', () => {
  it('Stop ends the turn running in the view used last', async () => {
    await session.sendMessage('a long one');
    await until(
      'the reply streams',
      async () =>
        (await session.read()).status.type === 'running' && (await replyOf(session)) !== '',
    );
    await fake.run('wave.stop');
    await until('the turn ended', async () => (await session.read()).status.type === 'idle');
    const full = Array.from({ length: LONG }, (_, index) => `l${index + 1}`).join(' ');
    const reply = await replyOf(session);
    expect(full.startsWith(reply)).toBe(true);
    expect(reply.length).toBeLessThan(full.length);
  });

  it('Switch Permission Mode lists the modes, the current one picked, and applies the choice', async () => {
    fake.answers.push('acceptEdits');
    await fake.run('wave.switchPermissionMode');
    await until(
      'the mode changed',
      async () => (await session.read()).permissionMode === 'acceptEdits',
    );
    const shown = fake.quickPicks.at(-1);
    expect(shown?.placeholder).toBe('Permission mode (now default)');
    expect(shown?.items.filter((item) => item.picked).map((item) => item.label)).toEqual([
      'default',
    ]);
    expect(shown?.items.map((item) => item.label)).toContain('bypassPermissions');
  });

  it('Switch Model lists the configured models, the current one marked, and takes one', async () => {
    // The top-level configuration is listed first, under its model id (the provider's default).
    const implicit = (await session.read()).models[0];
    expect(implicit?.name).toBe(implicit?.model);
    fake.answers.push('smart');
    await fake.run('wave.switchModel');
    await until('the model changed', async () => (await session.read()).model.name === 'smart');
    expect((await session.read()).model.model).toBe('smart-model');
    expect(fake.quickPicks.at(-1)).toEqual({
      title: 'Switch Model',
      placeholder: 'A configured model, or type a model id as your provider names it',
      items: [
        { label: implicit?.name, description: `openai ${implicit?.model}` },
        { label: 'fast', description: 'current · openai fast-model · for default' },
        { label: 'smart', description: 'openai smart-model' },
      ],
      active: ['fast'],
    });
  });

  it('Switch Model takes a typed model id the list does not hold, and Escape changes nothing', async () => {
    fake.answers.push({ typed: 'other-model-7' });
    await fake.run('wave.switchModel');
    await until(
      'the model changed',
      async () => (await session.read()).model.model === 'other-model-7',
    );
    expect((await session.read()).model.name).toBeUndefined();
    await session.sendMessage('hello');
    await until('the reply came', async () => (await replyOf(session)).endsWith('Hello back.'));
    expect((mock.requests.at(-1)?.body as { model?: string }).model).toBe('other-model-7');

    fake.answers.push(undefined);
    await fake.run('wave.switchModel');
    expect(fake.quickPicks.at(-1)?.items[0]).toEqual({
      label: 'other-model-7',
      description: 'current · openai (not a configured model)',
    });
    expect(fake.quickPicks.at(-1)?.active).toEqual(['other-model-7']);
    expect((await session.read()).model.model).toBe('other-model-7');
  });

  it('New Session starts the view afresh; the old conversation stays stored', async () => {
    const before = session.id;
    await fake.run('wave.newSession');
    await until('the session is new', () => session.id !== before);
    expect(extension.views.active?.session).toBe(session);
    expect((await session.read()).conversation.messages).toEqual([]);
    const started = await extension.process.start();
    if (!started.ok) throw new Error(started.problem);
    const stored = await started.client.listSessions(launcher.workdir);
    expect(stored.map((saved) => saved.id)).toContain(before);
  });

  it('Resume Session opens the picked stored session in a tab, or reveals the tab showing it', async () => {
    const started = await extension.process.start();
    if (!started.ok) throw new Error(started.problem);
    const [stored] = await started.client.listSessions(launcher.workdir);
    if (!stored) throw new Error('Nothing is stored.');
    const label = stored.title || '(untitled)';
    fake.answers.push(label);
    await fake.run('wave.resumeSession');
    expect(fake.quickPicks.at(-1)?.items.map((item) => item.label)).toContain(label);
    expect(fake.panels).toHaveLength(1);
    const panel = fake.panels[0] as FakeWebviewPanel;
    expect(bootSessionId(panel)).toBe(stored.id);
    const resumed = extension.views.showing(stored.id)?.session;
    expect((await resumed?.read())?.conversation.messages.length).toBe(stored.messageCount);

    panel.active = false;
    panel.setVisible(false);
    fake.answers.push(label);
    await fake.run('wave.resumeSession');
    expect(fake.panels).toHaveLength(1);
    expect(panel.visible).toBe(true);
  });

  it('a closed tab whose session cannot be ended says so in the output channel', async () => {
    const panel = fake.panels[0] as FakeWebviewPanel;
    const id = bootSessionId(panel);
    await extension.process.stop();
    panel.dispose();
    await until('the failure is reported', () =>
      fake.output.some((line) => line.includes('could not be ended')),
    );
    expect(fake.output.find((line) => line.includes('could not be ended'))).toMatch(
      new RegExp(
        `^The session ${id} of a closed Wave tab could not be ended \\(.+\\); it stays open in wave --stdio, with its file kept, until Wave restarts \\(Wave: Restart\\)\\.\\n$`,
      ),
    );
  });
});
