// Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security), set
// explicitly on every window: an isolated, sandboxed renderer without Node, no experimental or
// extra Blink features, a preload by absolute path that exposes only `{ post, onMessage }`, no
// new windows (an allowlisted https link opens in the system browser instead), no navigation
// away from the app's own pages, no <webview>, and every permission request (camera,
// notifications, devices, …) refused. The same guard is put on every web contents the app did
// not make itself (a devtools window, anything a page might open): `web-contents-created`.
import { isAbsolute } from 'node:path';
import type { ElectronApi, WebContents } from './electron-api.js';
import { isAppUrl } from './app-protocol.js';

/** Hosts whose https links open in the system browser; any other link goes nowhere. */
export const EXTERNAL_HOSTS: ReadonlySet<string> = new Set([
  'github.com',
  'docs.anthropic.com',
  'platform.openai.com',
  'nodejs.org',
  'developer.mozilla.org',
]);

export function webPreferences(preloadPath: string) {
  if (!isAbsolute(preloadPath))
    throw new Error(`The preload path must be absolute (got ${preloadPath}).`);
  return {
    preload: preloadPath,
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
  } as const;
}

/** An https link to an allowlisted host, as the system browser should get it; else undefined. */
export function externalLink(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '')
    return undefined;
  return EXTERNAL_HOSTS.has(parsed.hostname) ? parsed.href : undefined;
}

/** True for the app's own pages (the only ones a window may show). */
export function isAppPage(url: string): boolean {
  try {
    return isAppUrl(new URL(url));
  } catch {
    return false;
  }
}

/** Web contents already guarded: each gets its handlers once, however it was reached. */
const guarded = new WeakSet<WebContents>();

export function guardWebContents(
  contents: WebContents,
  openExternal: (url: string) => unknown,
): void {
  if (guarded.has(contents)) return;
  guarded.add(contents);
  contents.setWindowOpenHandler(({ url }) => {
    const link = externalLink(url);
    if (link) void openExternal(link);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isAppPage(url) && isAppPage(contents.getURL())) return;
    event.preventDefault();
    const link = externalLink(url);
    if (link) void openExternal(link);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppPage(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  contents.session.setPermissionCheckHandler(() => false);
  contents.session.setDevicePermissionHandler(() => false);
}

/** Guards every web contents Electron creates from now on, the app's windows and any other. */
export function guardEveryWebContents(
  app: ElectronApi['app'],
  openExternal: (url: string) => unknown,
): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, openExternal));
}
