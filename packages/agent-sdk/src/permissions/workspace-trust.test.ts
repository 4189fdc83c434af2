// decideWorkspaceTrust with a real $WAVE_HOME: what is remembered, what is asked, and that a
// damaged trust file or a failing question never counts as a yes.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectRequest } from '@wave-agent/shared-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trustedFoldersPath } from './trusted-folders.js';
import { decideWorkspaceTrust } from './workspace-trust.js';
import type { TrustQuestion } from './workspace-trust.js';

let waveHome: string;
let workdir: string;
beforeEach(() => {
  waveHome = mkdtempSync(join(tmpdir(), 'wave-trust-home-'));
  workdir = realpathSync(mkdtempSync(join(tmpdir(), 'wave-trust-work-')));
});
afterEach(() => {
  rmSync(waveHome, { recursive: true, force: true });
  rmSync(workdir, { recursive: true, force: true });
});

function request(key: string): ProjectRequest {
  const [setting = '', value = ''] = key.split('=');
  return { key, source: '/repo/.wave/settings.json', setting, value, description: key };
}

const bypass = request('permissionMode=bypassPermissions');
const bash = request('allowedTools=Bash');

describe('decideWorkspaceTrust', () => {
  it('with no one to ask, nothing untrusted is granted', async () => {
    expect(await decideWorkspaceTrust({ waveHome, workdir, requests: [bypass] })).toEqual({
      granted: [],
      ignored: [bypass],
      problems: [],
    });
  });

  it('asks once about what is new, remembers a yes atomically, and asks nothing next time', async () => {
    const questions: TrustQuestion[] = [];
    const ask = (question: TrustQuestion) => {
      questions.push(question);
      return Promise.resolve({ trusted: true, remember: true });
    };
    expect(
      await decideWorkspaceTrust({ waveHome, workdir, requests: [bypass], ask }),
    ).toMatchObject({
      granted: [bypass],
    });
    expect(readdirSync(waveHome)).toEqual(['trusted-folders.json']);
    const again = await decideWorkspaceTrust({ waveHome, workdir, requests: [bypass, bash], ask });
    expect(again.granted).toEqual([bypass, bash]);
    expect(questions.map((q) => q.requests)).toEqual([[bypass], [bash]]);
    expect(questions[0]!.workdir).toBe(workdir);
    expect(
      await decideWorkspaceTrust({ waveHome, workdir, requests: [bypass, bash] }),
    ).toMatchObject({
      granted: [bypass, bash],
      ignored: [],
    });
  });

  it("a folder's trust reaches no other path: a subfolder, a sibling with the same start, a symlink inside it that leads elsewhere", async () => {
    await decideWorkspaceTrust({
      waveHome,
      workdir,
      requests: [bypass],
      ask: () => Promise.resolve({ trusted: true, remember: true }),
    });
    const other = realpathSync(mkdtempSync(join(tmpdir(), 'wave-trust-other-')));
    const sibling = `${workdir}-sibling`;
    mkdirSync(join(workdir, 'sub'));
    mkdirSync(sibling);
    symlinkSync(other, join(workdir, 'link'));
    try {
      for (const elsewhere of [join(workdir, 'sub'), sibling, join(workdir, 'link')]) {
        expect(
          await decideWorkspaceTrust({ waveHome, workdir: elsewhere, requests: [bypass] }),
          elsewhere,
        ).toMatchObject({ granted: [], ignored: [bypass] });
      }
      // A symlink to the trusted folder itself is that folder.
      symlinkSync(workdir, join(other, 'back'));
      expect(
        await decideWorkspaceTrust({ waveHome, workdir: join(other, 'back'), requests: [bypass] }),
      ).toMatchObject({ granted: [bypass] });
    } finally {
      rmSync(other, { recursive: true, force: true });
      rmSync(sibling, { recursive: true, force: true });
    }
  });

  it('a no, or a yes not to remember, is not written down', async () => {
    const no = await decideWorkspaceTrust({
      waveHome,
      workdir,
      requests: [bypass],
      ask: () => Promise.resolve({ trusted: false }),
    });
    expect(no).toMatchObject({ granted: [], ignored: [bypass] });
    const once = await decideWorkspaceTrust({
      waveHome,
      workdir,
      requests: [bypass],
      ask: () => Promise.resolve({ trusted: true }),
    });
    expect(once.granted).toEqual([bypass]);
    expect(readdirSync(waveHome)).toEqual([]);
  });

  it('a damaged trust file trusts nothing and says so; a failing question is a no', async () => {
    writeFileSync(trustedFoldersPath(waveHome), '{"version":1,"folders":');
    const damaged = await decideWorkspaceTrust({ waveHome, workdir, requests: [bypass] });
    expect(damaged.granted).toEqual([]);
    expect(damaged.problems).toEqual([
      expect.stringMatching(/trusted-folders\.json is not valid JSON; no folder counts as trusted/),
    ]);
    const failed = await decideWorkspaceTrust({
      waveHome,
      workdir,
      requests: [bypass],
      ask: () => Promise.reject(new Error('the terminal went away')),
    });
    expect(failed.granted).toEqual([]);
    expect(failed.problems.at(-1)).toMatch(/Nobody could be asked .*the terminal went away/);
  });

  it('a yes that cannot be remembered still counts now, and says it will ask again', async () => {
    // Wave's home is a file here, so nothing can be written under it.
    rmSync(waveHome, { recursive: true });
    writeFileSync(waveHome, 'not a folder');
    const decision = await decideWorkspaceTrust({
      waveHome,
      workdir,
      requests: [bypass],
      ask: () => Promise.resolve({ trusted: true, remember: true }),
    });
    expect(decision.granted).toEqual([bypass]);
    expect(decision.problems.at(-1)).toMatch(
      /Could not remember the trust in .*trusted-folders\.json \(a file is in the way of a folder \(EEXIST\)\); Wave will ask again/,
    );
    expect(readFileSync(waveHome, 'utf8')).toBe('not a folder');
  });
});
