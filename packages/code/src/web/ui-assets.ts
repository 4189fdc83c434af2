// The built chat UI (packages/webview-ui, built by Vite): found beside this module in a packaged
// wave (`dist/webview-ui`, copied there by the build), else in the repository
// (`packages/webview-ui/dist`). Its page is served with the boot information (which folder) and
// a strict Content-Security-Policy; its assets have fixed names and reveal nothing but the
// published bundle.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// Beside the published bundle (this module is in dist/bundle/chunks), else the repository's
// build seen from the sources (src/web) or from an uncopied bundle.
const CANDIDATES = [
  '../../webview-ui/',
  '../webview-ui/',
  '../../../webview-ui/dist/',
  '../../../../webview-ui/dist/',
];

export const UI_NOT_BUILT =
  'The web UI is not built. Run `pnpm --filter @wave-agent/webview-ui build` in the Wave repository (`pnpm wave web` builds it for you), or reinstall wave.';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface UiAssets {
  readonly root: string;
  /** The page, with its boot information. */
  page(boot: { readonly workdir: string }): string;
  /** An asset under assets/, or undefined when there is none by that name. */
  asset(path: string): Promise<{ readonly body: Buffer; readonly type: string } | undefined>;
}

export function findUiRoot(): string | undefined {
  for (const candidate of CANDIDATES) {
    const root = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(join(root, 'index.html'))) return root;
  }
  return undefined;
}

function attribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function loadUiAssets(root: string): UiAssets {
  const template = readFileSync(join(root, 'index.html'), 'utf8');
  const assetsDir = join(root, 'assets');
  return {
    root,
    page(boot) {
      const meta = `<meta name="wave-boot" content="${attribute(JSON.stringify(boot))}" />`;
      return template.replace('<head>', `<head>\n    ${meta}`);
    },
    async asset(path) {
      const type = CONTENT_TYPES[extname(path)];
      const file = normalize(join(assetsDir, path));
      // Only files inside assets/, of the kinds the build makes.
      if (!type || !file.startsWith(assetsDir + sep)) return undefined;
      try {
        return { body: await readFile(file), type };
      } catch {
        return undefined;
      }
    },
  };
}

/** The page's policy: its own scripts, styles and socket only; nothing inline, nothing framed. */
export function contentSecurityPolicy(origin: string): string {
  const socket = origin.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // data: for the thumbnails of pasted images, made in the page from their own bytes.
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
