// The app's pages come from its own scheme, wave-app://ui/, served from the chat UI's build with
// a strict Content-Security-Policy header: only the app's own scripts and styles, nothing inline,
// no network. A path that leaves the UI's folder is refused.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

export const APP_SCHEME = 'wave-app';
export const APP_ORIGIN = `${APP_SCHEME}://ui`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** True for a URL of the app's own pages. (`URL.origin` is "null" for a custom scheme in Node.) */
export function isAppUrl(url: URL): boolean {
  return url.protocol === `${APP_SCHEME}:` && url.host === 'ui';
}

/** The page a window shows: the chat UI attached to a session, beside the folder's sessions. */
export function pageUrl(sessionId: string): string {
  const boot = { sessionId, sidebar: true };
  return `${APP_ORIGIN}/index.html?boot=${encodeURIComponent(JSON.stringify(boot))}`;
}

/** Answers one request of the app's scheme from `root` (the chat UI's build). */
export async function serveAppFile(requestUrl: string, root: string): Promise<Response> {
  const url = new URL(requestUrl);
  if (!isAppUrl(url)) return new Response('Not found.', { status: 404 });
  const relative = normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, '');
  const path = join(root, relative);
  if (relative.startsWith('..') || !path.startsWith(root.endsWith(sep) ? root : root + sep))
    return new Response('Not found.', { status: 404 });
  try {
    const body = await readFile(path);
    return new Response(body, {
      headers: {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found.', { status: 404 });
  }
}
