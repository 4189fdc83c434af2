// VS Code's Reload Window (or any host that goes away and comes back): the extension host and its
// `wave --stdio` end, a new one opens the remembered session from its file. The model the user
// switched to in that session is the session's (the switch is a recorded modelChanged event), so
// it is put back, and the next turn goes to that model's own server with its own key. A model the
// run names itself (initialize's `model`) still wins; one that cannot be put back is said.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractFixture } from './host/contract-fixture.js';
import { startHost } from './host/hosts.js';
import type { Host } from './host/hosts.js';
import { RecordedSession } from './host/recorded-session.js';
import { OTHER_KEY, startWithTwoModels } from './host/two-models.js';

let fixture: ContractFixture | undefined;
let reloaded: Host | undefined;
let other: MockLlm | undefined;
afterEach(async () => {
  await reloaded?.close();
  reloaded = undefined;
  await fixture?.dispose();
  fixture = undefined;
  await other?.close();
  other = undefined;
});

/** Switches the session to "other", then the host goes away as a window reload takes it. */
async function switchThenReload(fx: ContractFixture): Promise<string> {
  const session = new RecordedSession(
    await fx.host.client.open({ workdir: fx.workdir }),
    fx.host.client,
  );
  await session.handle.setModel('other');
  await session.waitFor('the switch', () => session.state.model.name === 'other');
  await fx.host.close();
  reloaded = startHost('child process', { waveHome: fx.waveHome, cwd: fx.workdir, env: OTHER_KEY });
  return session.handle.id;
}

describe('the model a session was switched to, after the host reloads', () => {
  it('is put back when the session is opened again, and the next turn goes to its server', async () => {
    ({ fixture, other } = await startWithTwoModels());
    const sessionId = await switchThenReload(fixture);
    const handle = await reloaded!.client.open({
      workdir: fixture.workdir,
      sessionId,
      host: 'vscode',
    });
    const session = new RecordedSession(handle, reloaded!.client);
    expect(session.state.model).toMatchObject({ name: 'other', model: 'other-model' });
    await session.converse('after the reload');
    expect(other.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer key-of-other',
    ]);
    expect(fixture.mock.requests).toHaveLength(0);
  });

  it('gives way to a model the host names for this run', async () => {
    ({ fixture, other } = await startWithTwoModels());
    const sessionId = await switchThenReload(fixture);
    const handle = await reloaded!.client.open({
      workdir: fixture.workdir,
      sessionId,
      model: 'named-now',
    });
    expect(handle.getSnapshot().model).toMatchObject({ model: 'named-now' });
    expect(handle.getSnapshot().model.name).not.toBe('other');
  });

  it('says so when the model is no longer configured, and goes on with the current one', async () => {
    ({ fixture, other } = await startWithTwoModels());
    const sessionId = await switchThenReload(fixture);
    writeFileSync(
      join(fixture.waveHome, 'settings.json'),
      JSON.stringify({
        provider: 'openai',
        baseURL: `${fixture.mock.url}/v1`,
        apiKey: 'k',
        model: 'm',
      }),
    );
    const handle = await reloaded!.client.open({ workdir: fixture.workdir, sessionId });
    const state = handle.getSnapshot();
    expect(state.model).toMatchObject({ provider: 'openai', model: 'm' });
    const notices = state.conversation.messages
      .flatMap((message) => message.blocks)
      .flatMap((block) => (block.type === 'notice' ? [block.message] : []));
    expect(notices).toContainEqual(
      expect.stringMatching(
        /^This session was using other \(openai other-model\); "other" is no longer a configured model\. It goes on with m; \/model switches\.$/,
      ),
    );
  });
});
