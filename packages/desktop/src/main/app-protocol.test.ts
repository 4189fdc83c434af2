// The app's scheme serves the chat UI's files with a strict CSP and nothing outside its folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, pageUrl, serveAppFile } from './app-protocol.js';

const root = mkdtempSync(join(tmpdir(), 'wave-desktop-ui-'));
const ui = join(root, 'ui');
mkdirSync(join(ui, 'assets'), { recursive: true });
writeFileSync(join(ui, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(ui, 'assets', 'wave.js'), 'export {};');
writeFileSync(join(root, 'secret.txt'), 'not for the page');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the wave-app scheme', () => {
  it('serves the page and its script with the CSP header', async () => {
    const page = await serveAppFile(pageUrl('s-1'), ui);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
    expect(await page.text()).toContain('id="root"');
    const script = await serveAppFile('wave-app://ui/assets/wave.js', ui);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('refuses paths outside the UI’s folder and other hosts', async () => {
    // secret.txt exists just outside the folder: each URL below names it one way or another, so
    // a path that escaped would be served, not missing.
    for (const url of [
      'wave-app://ui/../secret.txt',
      'wave-app://ui/%2e%2e/secret.txt',
      'wave-app://ui/%2e%2e%2fsecret.txt',
      'wave-app://ui/..%2fsecret.txt',
      'wave-app://ui/..%5csecret.txt',
      'wave-app://ui/%2e%2e%5csecret.txt',
      'wave-app://ui/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      `wave-app://ui/${encodeURIComponent(join(root, 'secret.txt'))}`,
      'wave-app://other/index.html',
      'wave-app://ui/missing.js',
    ]) {
      const response = await serveAppFile(url, ui);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('not for the page');
    }
  });
});
