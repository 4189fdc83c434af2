// The chat view's page: a strict CSP where the one script runs by its fresh nonce and only the
// extension's files load; the boot information escaped into an attribute, never a script.
import { describe, expect, it } from 'vitest';
import { chatHtml } from './webview-html.js';

const files = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/assets/wave.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/assets/style.css',
};

function csp(html: string): string {
  return /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
}

describe('the chat page', () => {
  it('runs only its nonced script and loads only the extension’s files', () => {
    const html = chatHtml(files, 'session-1');
    const nonce = /<script type="module" nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(csp(html)).toBe(
      `default-src 'none'; img-src ${files.cspSource} data:; style-src ${files.cspSource}; font-src ${files.cspSource}; script-src 'nonce-${nonce}' ${files.cspSource}; connect-src 'none'; frame-src 'none'; form-action 'none'; base-uri 'none'`,
    );
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(chatHtml(files, 'session-1')).not.toContain(`nonce="${nonce}"`);
  });

  it('writes the session id as data a stranger’s text cannot break out of', () => {
    const html = chatHtml(files, '"><script>alert(1)</script>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(
      'content="{&quot;sessionId&quot;:&quot;\\&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;}"',
    );
  });
});
