// The HTML of a chat view: the shared UI's script and stylesheet through the webview's own URIs,
// a strict Content-Security-Policy (nothing inline: the one script carries a fresh nonce, and
// only the extension's own files load), and the boot information — which session to attach to
// — in a meta tag the UI reads. A view that cannot start gets a page that says why, with links
// that run VS Code commands (no script needed).
import { randomBytes } from 'node:crypto';

export interface WebviewFiles {
  /** `webview.cspSource`: the origin VS Code serves the extension's files from. */
  readonly cspSource: string;
  readonly scriptUri: string;
  readonly styleUri: string;
}

/** For text and double-quoted attributes (every attribute here is double-quoted). */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function policy(cspSource: string, nonce?: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    nonce ? `script-src 'nonce-${nonce}' ${cspSource}` : "script-src 'none'",
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function chatHtml(files: WebviewFiles, sessionId: string): string {
  const nonce = randomBytes(18).toString('base64');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy(files.cspSource, nonce))}" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="wave-boot" content="${escapeHtml(JSON.stringify({ sessionId }))}" />
    <link rel="stylesheet" href="${escapeHtml(files.styleUri)}" />
    <title>Wave</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" nonce="${nonce}" src="${escapeHtml(files.scriptUri)}"></script>
  </body>
</html>`;
}

/** A link in a notice page that runs a VS Code command (allowed by the view's enableCommandUris). */
export interface NoticeLink {
  readonly command: string;
  readonly label: string;
}

export function noticeHtml(
  cspSource: string,
  sentence: string,
  links: readonly NoticeLink[],
): string {
  const actions = links
    .map((link) => `<a href="command:${escapeHtml(link.command)}">${escapeHtml(link.label)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy(cspSource))}" />
    <title>Wave</title>
  </head>
  <body>
    <p role="alert">${escapeHtml(sentence)}</p>
    <p>${actions}</p>
  </body>
</html>`;
}
