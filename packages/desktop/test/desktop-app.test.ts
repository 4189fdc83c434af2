// The desktop app's main process with Electron's API faked (test/fake-electron.ts: the binary
// cannot run here) and everything else real: `wave --stdio` as a child process per window, and
// tools/mock-llm over HTTP. One folder, one child, for the first part; then folders whose own
// .wave settings ask for more, so Wave asks the app (a native dialog) before their session opens.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messagePortTransport, WaveClient } from '@wave-agent/client';
import type { SessionHandle } from '@wave-agent/client';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopApp } from '../src/main/desktop-app.js';
import type { ElectronApi } from '../src/main/electron-api.js';
import type { FolderWindow } from '../src/main/folder-window.js';
import { WAVE_CHANNEL } from '../src/shared/channel.js';
import {
  FakeBrowserWindow,
  fakeElectron,
  sendFromRenderer,
  strangerContents,
} from './fake-electron.js';
import type { FakeWebContents } from './fake-electron.js';
import { waveFromSource } from './wave-from-source.js';

const root = mkdtempSync(join(tmpdir(), 'wave-desktop-test-'));
const folder = join(root, 'project');
const userData = join(root, 'user-data');
mkdirSync(folder);
let mock: MockLlm;
let fake: ReturnType<typeof fakeElectron>;
let desktop: DesktopApp;
let window: FolderWindow;
const logs: string[] = [];

function launch(): DesktopApp {
  fake = fakeElectron(userData);
  return new DesktopApp(fake.electron as unknown as ElectronApi, {
    uiRoot: join(root, 'ui'),
    preloadPath: join(root, 'preload.cjs'),
    dataDir: userData,
    log: (line) => logs.push(line),
    wave: waveFromSource(root, mock.url),
  });
}

function fakeWindow(): FakeBrowserWindow {
  return window.window as unknown as FakeBrowserWindow;
}

beforeAll(async () => {
  mock = await start({
    scenario: {
      name: 'hello',
      turns: [{ reply: [{ type: 'text', text: 'Hello from the model.' }] }],
    },
  });
  desktop = launch();
  const opened = await desktop.openFolder(folder);
  if (!opened)
    throw new Error(`The folder did not open: ${JSON.stringify(fake.record.errorBoxes)}`);
  window = opened;
});

afterAll(async () => {
  for (const open of FakeBrowserWindow.getAllWindows()) open.close();
  await mock.close();
  rmSync(root, { recursive: true, force: true });
});

/** The chat UI's side of the window: a client over the preload's `{ post, onMessage }`. */
function renderer(contents = fakeWindow().webContents) {
  const listeners = new Set<(data: unknown) => void>();
  contents.renderer = (channel, message) => {
    if (channel === WAVE_CHANNEL) for (const listener of listeners) listener(message);
  };
  return new WaveClient(
    messagePortTransport({
      postMessage: (message) =>
        sendFromRenderer(fake.electron.ipcMain, WAVE_CHANNEL, contents, message),
      onMessage: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
  );
}

function replyOf(session: SessionHandle): string {
  return session
    .getSnapshot()
    .conversation.messages.filter((message) => message.role === 'assistant')
    .flatMap((message) => message.blocks)
    .map((block) => (block.type === 'text' ? block.content : ''))
    .join('');
}

/** New windows, navigation, <webview>, permissions and devices denied; listed links go out once. */
function expectGuarded(contents: FakeWebContents): void {
  const open = (url: string) => contents.windowOpenHandler?.({ url });
  expect(open('https://github.com/wave/issues')).toEqual({ action: 'deny' });
  expect(open('https://evil.example/')).toEqual({ action: 'deny' });
  expect(open('http://github.com/')).toEqual({ action: 'deny' });
  expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
  expect(contents.navigate('https://evil.example/')).toBe(true);
  expect(contents.navigate('https://nodejs.org/api/')).toBe(true);
  expect(fake.record.opened).toEqual(['https://github.com/wave/issues', 'https://nodejs.org/api/']);
  const answers: boolean[] = [];
  contents.session.permissionRequestHandler?.(contents, 'media', (granted) =>
    answers.push(granted),
  );
  contents.session.permissionRequestHandler?.(contents, 'notifications', (granted) =>
    answers.push(granted),
  );
  expect(answers).toEqual([false, false]);
  expect(contents.session.permissionCheckHandler?.()).toBe(false);
  expect(contents.session.devicePermissionHandler?.()).toBe(false);
  expect(contents.attachWebview()).toBe(true);
}

describe('the desktop app', () => {
  it('opens one secure window per folder, showing a new session from the app’s own scheme', async () => {
    const created = fakeWindow();
    expect(created.options.webPreferences).toEqual({
      preload: join(root, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    });
    const sessionId = window.session?.id ?? '';
    expect(created.loaded).toEqual([
      `wave-app://ui/index.html?boot=${encodeURIComponent(JSON.stringify({ sessionId, sidebar: true }))}`,
    ]);
    // The same folder again focuses its window.
    expect(await desktop.openFolder(`${folder}/`)).toBe(window);
    expect(FakeBrowserWindow.getAllWindows()).toHaveLength(1);
    expect(created.focusCount).toBe(1);
    expect(desktop.recent.all).toEqual([folder]);
  });

  it('relays the page’s messages to wave and back, and only from its own page', async () => {
    const client = renderer();
    const session = await client.attach(window.session?.id ?? '');
    await session.sendMessage('hi');
    await new Promise<void>((resolve) => {
      const check = () => {
        if (session.getSnapshot().status.type === 'idle' && replyOf(session) !== '') resolve();
      };
      session.subscribe(check);
      check();
    });
    expect(replyOf(session)).toBe('Hello from the model.');

    // A subframe of the window, or a page that is not the app's, is not heard.
    const contents = fakeWindow().webContents;
    const before = contents.sent.length;
    const request = { jsonrpc: '2.0', id: 999, method: 'listSessions', params: {} };
    sendFromRenderer(fake.electron.ipcMain, WAVE_CHANNEL, contents, request, {
      url: 'wave-app://ui/index.html',
    });
    contents.mainFrame.url = 'https://elsewhere.example/';
    sendFromRenderer(fake.electron.ipcMain, WAVE_CHANNEL, contents, request);
    contents.mainFrame.url = fakeWindow().loaded[0] ?? '';
    const stranger = new FakeBrowserWindow({ width: 400, height: 300 }).webContents;
    stranger.mainFrame.url = contents.mainFrame.url;
    sendFromRenderer(fake.electron.ipcMain, WAVE_CHANNEL, stranger, request);
    // Round trip a real request after them: had any been relayed, its answer would be first.
    await client.listSessions();
    expect(
      contents.sent.slice(before).some((sent) => JSON.stringify(sent).includes('"id":999')),
    ).toBe(false);
    expect(logs.filter((line) => line.startsWith('Dropped a message'))).toHaveLength(3);
    client.dispose();
  });

  it('denies new windows, navigation and permissions; allowlisted https links go to the browser', () => {
    expectGuarded(fakeWindow().webContents);
  });

  it('guards web contents the app did not make itself the same way', () => {
    fake.record.opened.length = 0;
    expectGuarded(strangerContents());
  });

  it('remembers the window’s place and the recent folders for the next launch', async () => {
    const created = fakeWindow();
    created.bounds = { x: 40, y: 50, width: 1200, height: 800 };
    created.close();
    expect(desktop.windowOf(folder)).toBeUndefined();

    const again = launch();
    expect(again.recent.all).toEqual([folder]);
    const menu = JSON.stringify(fake.record.menus.at(-1));
    expect(menu).toContain(folder);
    const reopened = await again.openFolder(folder);
    expect(reopened).toBeDefined();
    expect((reopened?.window as unknown as FakeBrowserWindow).options).toMatchObject({
      x: 40,
      y: 50,
      width: 1200,
      height: 800,
    });
    reopened?.window.close();
  });
});

describe('a folder whose own settings ask for more', () => {
  function askingFolder(name: string): string {
    const path = join(root, name);
    mkdirSync(join(path, '.wave'), { recursive: true });
    writeFileSync(
      join(path, '.wave', 'settings.json'),
      JSON.stringify({ permissionMode: 'bypassPermissions' }),
    );
    return path;
  }

  it('is asked about in a native dialog listing the request; Trust This Time applies it', async () => {
    const asking = launch();
    const path = askingFolder('asking-once');
    fake.record.messageBoxAnswers.push(1);
    const opened = await asking.openFolder(path);
    expect(fake.record.errorBoxes).toEqual([]);
    expect(opened?.session?.getSnapshot().permissionMode).toBe('bypassPermissions');
    const real = realpathSync(path);
    expect(fake.record.messageBoxes).toEqual([
      {
        overWindow: false,
        options: {
          type: 'warning',
          title: 'Trust this folder?',
          message: `The folder ${real} asks Wave for more than it allows by default`,
          detail: expect.stringMatching(
            new RegExp(
              `^• permissionMode = bypassPermissions \\(${real}/\\.wave/settings\\.json\\): .+\\n\\nTrust it only if you trust whoever wrote these files\\.`,
            ),
          ) as unknown,
          buttons: ['Trust and Remember', 'Trust This Time', 'Don’t Trust'],
          defaultId: 2,
          cancelId: 2,
          noLink: true,
        },
      },
    ]);
    opened?.window.close();
  });

  it('leaves the request ignored when the dialog is dismissed', async () => {
    const asking = launch();
    const opened = await asking.openFolder(askingFolder('asking-dismissed'));
    expect(fake.record.messageBoxes).toHaveLength(1);
    expect(opened?.session?.getSnapshot().permissionMode).toBe('default');
    opened?.window.close();
  });
});
