// What every host's trust question shares: only requestWorkspaceTrust is answered, and only when
// it can be read; each request is listed, a stranger's long text and long list are bounded; only
// the two "trust" answers trust, and only the first is remembered.
import { describe, expect, it } from 'vitest';
import { RpcError } from '@wave-agent/shared-protocol';
import { answeringTrust, trustQuestionWords } from './trust-question.js';
import type { TrustChoice } from './trust-question.js';

const request = {
  key: 'permissionMode=bypassPermissions',
  source: '/repo/.wave/settings.json',
  setting: 'permissionMode',
  value: 'bypassPermissions',
  description: 'run every tool without asking',
};

describe('the trust question', () => {
  it('lists each request, bounding a stranger’s long lines and long lists', () => {
    expect(trustQuestionWords({ workdir: '/repo', requests: [request] })).toEqual({
      message: 'The folder /repo asks Wave for more than it allows by default',
      detail:
        '• permissionMode = bypassPermissions (/repo/.wave/settings.json): run every tool without asking\n\nTrust it only if you trust whoever wrote these files. Without trust, Wave ignores these settings.',
    });
    const many = Array.from({ length: 25 }, () => ({ ...request, value: 'x'.repeat(1000) }));
    const lines = trustQuestionWords({ workdir: '/repo', requests: many }).detail.split('\n');
    expect(lines.slice(0, 21).map((line) => line.length)).toEqual([
      ...Array.from({ length: 20 }, () => 300),
      '…and 5 more.'.length,
    ]);
  });

  it('answers as the user chose, and refuses what it cannot read', async () => {
    const answers: (TrustChoice | undefined)[] = ['remember', 'once', 'refuse', undefined];
    const handler = answeringTrust('This host', () => Promise.resolve(answers.shift()));
    const question = { workdir: '/repo', requests: [request] };
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await handler('requestWorkspaceTrust', question));
    expect(results).toEqual([
      { trusted: true, remember: true },
      { trusted: true },
      { trusted: false },
      { trusted: false },
    ]);
    await expect(handler('somethingElse', {})).rejects.toThrow(
      new RpcError(-32601, 'This host does not answer "somethingElse".'),
    );
    await expect(handler('requestWorkspaceTrust', { workdir: 3 })).rejects.toThrow(
      /^The trust question could not be read: /,
    );
  });
});
