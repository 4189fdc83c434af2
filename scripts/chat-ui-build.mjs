// The chat UI's build (packages/webview-ui/dist), as the hosts' own builds need it: made with
// Vite when it is missing or older than anything it is built from, so `pnpm --filter
// ./packages/vscode run package` and the desktop's `start` work on a fresh clone and never ship
// a stale UI. "Older" compares modification times: the oldest file of the build against the
// newest of its inputs, folders included (a folder's time changes when a file in it is added,
// removed or renamed). A git checkout gives changed files the current time, so it errs towards
// building again. The inputs are what nx counts for webview-ui's build: its own sources and those
// of the workspace packages Vite bundles from source, and the lockfile for the rest.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const webviewUi = join(repo, 'packages/webview-ui');

export const CHAT_UI_DIST = join(webviewUi, 'dist');

export const CHAT_UI_INPUTS = [
  'packages/webview-ui/src',
  'packages/webview-ui/index.html',
  'packages/webview-ui/vite.config.ts',
  'packages/webview-ui/package.json',
  'packages/client/src',
  'packages/client/package.json',
  'packages/shared-protocol/src',
  'packages/shared-protocol/package.json',
  'pnpm-lock.yaml',
].map((path) => join(repo, path));

/** The files every host loads; a build without them is no build. */
const ESSENTIAL = ['index.html', 'assets/wave.js', 'assets/style.css'];

/** Tests are not part of the build (as in nx's "production" inputs). */
const isTest = (name) => /\.test\.tsx?$/.test(name);

/** Calls `visit(path, stats)` for `path` and everything below it (links are not followed). */
function walk(path, visit) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return;
  visit(path, stats);
  if (stats.isDirectory())
    for (const entry of readdirSync(path)) if (!isTest(entry)) walk(join(path, entry), visit);
}

/**
 * Whether `dist` is a build of `inputs` as they are now: `missing`, `stale` (with the newest
 * input, to say why) or `fresh`.
 */
export function chatUiFreshness({ dist = CHAT_UI_DIST, inputs = CHAT_UI_INPUTS } = {}) {
  if (!ESSENTIAL.every((file) => existsSync(join(dist, file)))) return { state: 'missing' };
  let builtAt = Infinity;
  walk(dist, (_path, stats) => {
    if (stats.isFile()) builtAt = Math.min(builtAt, stats.mtimeMs);
  });
  let newest = { path: '', mtimeMs: -Infinity };
  for (const input of inputs)
    walk(input, (path, stats) => {
      if (stats.mtimeMs > newest.mtimeMs) newest = { path, mtimeMs: stats.mtimeMs };
    });
  return newest.mtimeMs > builtAt ? { state: 'stale', newest: newest.path } : { state: 'fresh' };
}

/**
 * Runs Vite's build of the chat UI into `outDir`; returns its exit status. Vite writes a folder
 * beside it, which then takes its place: whoever reads `outDir` meanwhile (a test serving the UI)
 * sees the old build or the new one, and two builds at once do not write into each other.
 */
export function buildChatUi(outDir = CHAT_UI_DIST) {
  const vite = dirname(createRequire(join(webviewUi, 'package.json')).resolve('vite/package.json'));
  const building = `${outDir}.building-${process.pid}`;
  const run = spawnSync(
    process.execPath,
    [
      join(vite, 'bin/vite.js'),
      'build',
      '--outDir',
      building,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    // React's production build whatever the caller's NODE_ENV (a test runner sets "test").
    // Vite's messages on stderr: a caller's stdout may be read (wave web prints its address).
    { cwd: webviewUi, stdio: ['ignore', 2, 2], env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (run.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    return run.status ?? 1;
  }
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  try {
    renameSync(building, outDir);
  } catch {
    // Another build put its own there first: as new as this one.
    rmSync(building, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
  return 0;
}

/**
 * Builds the chat UI when it is missing or stale. Returns what it did, or a sentence when the
 * build failed (Vite's own messages are above it).
 */
export function ensureChatUi({
  dist = CHAT_UI_DIST,
  inputs = CHAT_UI_INPUTS,
  log = (line) => console.log(line),
} = {}) {
  const found = chatUiFreshness({ dist, inputs });
  if (found.state === 'fresh') return { ok: true, built: false };
  log(
    found.state === 'missing'
      ? `Building the chat UI (${dist} is missing)…`
      : `Building the chat UI again (${found.newest} changed after ${dist} was built)…`,
  );
  const status = buildChatUi(dist);
  if (status !== 0)
    return {
      ok: false,
      problem: `The chat UI could not be built (Vite exited with ${status}; its messages are above): fix what they name, or run \`pnpm --filter @wave-agent/webview-ui build\` to see them again, then retry.`,
    };
  return { ok: true, built: true, reason: found.state };
}

// Run on its own, it is webview-ui's build script (nx's build target): always a build, swapped in
// the same way, so a test still serving the old one meanwhile never reads half a folder.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exit(buildChatUi());
