// The chat UI's build as the hosts' builds make it first (scripts/chat-ui-build.mjs, used by
// this package's build and package scripts and by the desktop's build and start): Vite really
// builds it where it is missing and again where something it is built from changed after it,
// and leaves a fresh one alone. The builds go to a temporary folder, not the real
// packages/webview-ui/dist that other tests are reading; the inputs that change are temporary
// files standing in for the sources (the real ones are never touched).
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chatUiFreshness, ensureChatUi } from '../../../scripts/chat-ui-build.mjs';

const root = mkdtempSync(join(tmpdir(), 'wave-chat-ui-build-'));
const dist = join(root, 'dist');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Sets the modification time of `path` (and of everything below it) to `seconds` ago. */
function age(path: string, seconds: number): void {
  const when = new Date(Date.now() - seconds * 1000);
  const visit = (at: string): void => {
    utimesSync(at, when, when);
    try {
      for (const entry of readdirSync(at)) visit(join(at, entry));
    } catch {
      // A file: nothing below it.
    }
  };
  visit(path);
}

describe('the chat UI a host build needs', () => {
  it('is built where it is missing, and not again while nothing it is built from changed', () => {
    const lines: string[] = [];
    expect(ensureChatUi({ dist, log: (line) => lines.push(line) })).toEqual({
      ok: true,
      built: true,
      reason: 'missing',
    });
    expect(lines).toEqual([`Building the chat UI (${dist} is missing)…`]);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('./assets/wave.js');
    expect(readFileSync(join(dist, 'assets', 'wave.js'), 'utf8').length).toBeGreaterThan(1000);
    // Against the real sources, as the hosts' scripts check it.
    expect(chatUiFreshness({ dist })).toEqual({ state: 'fresh' });
    expect(ensureChatUi({ dist, log: (line) => lines.push(line) })).toEqual({
      ok: true,
      built: false,
    });
    expect(lines).toHaveLength(1);
  });

  it('is stale once an input or a folder of inputs changed after it, a test file aside', () => {
    const sources = join(root, 'sources');
    mkdirSync(sources);
    for (const name of ['a.ts', 'b.ts', 'a.test.ts']) writeFileSync(join(sources, name), name);
    age(dist, 100);
    age(sources, 200);
    const inputs = [sources];
    expect(chatUiFreshness({ dist, inputs })).toEqual({ state: 'fresh' });
    age(join(sources, 'a.test.ts'), 0);
    expect(chatUiFreshness({ dist, inputs })).toEqual({ state: 'fresh' });
    age(join(sources, 'a.ts'), 0);
    expect(chatUiFreshness({ dist, inputs })).toEqual({
      state: 'stale',
      newest: join(sources, 'a.ts'),
    });
    age(sources, 200);
    rmSync(join(sources, 'b.ts'));
    expect(chatUiFreshness({ dist, inputs })).toEqual({ state: 'stale', newest: sources });
    // A build without the files a host loads is no build.
    rmSync(join(dist, 'assets', 'style.css'));
    expect(chatUiFreshness({ dist, inputs })).toEqual({ state: 'missing' });
  });

  it('is built again when it is stale', () => {
    const changed = join(root, 'changed.ts');
    writeFileSync(changed, '');
    rmSync(dist, { recursive: true, force: true });
    expect(ensureChatUi({ dist, inputs: [changed], log: () => undefined })).toEqual({
      ok: true,
      built: true,
      reason: 'missing',
    });
    age(dist, 100);
    age(changed, 0);
    const lines: string[] = [];
    expect(ensureChatUi({ dist, inputs: [changed], log: (line) => lines.push(line) })).toEqual({
      ok: true,
      built: true,
      reason: 'stale',
    });
    expect(lines).toEqual([
      `Building the chat UI again (${changed} changed after ${dist} was built)…`,
    ]);
    expect(chatUiFreshness({ dist, inputs: [changed] })).toEqual({ state: 'fresh' });
  });
});
