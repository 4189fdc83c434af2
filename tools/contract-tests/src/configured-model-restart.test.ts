// The bridge dies after the user switched to a configured model: the client opens the session
// again and puts the model back by its name, so the next turn still goes to that model's own
// server with its own key (its model id alone would go to the default endpoint).
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractFixture } from './host/contract-fixture.js';
import { RecordedSession } from './host/recorded-session.js';
import { startWithTwoModels } from './host/two-models.js';

let fixture: ContractFixture | undefined;
let other: MockLlm | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
  await other?.close();
  other = undefined;
});

describe('a configured model across a bridge restart', () => {
  it('is put back by name, and the next turn goes to its own server with its own key', async () => {
    ({ fixture, other } = await startWithTwoModels());
    const { mock, host, workdir } = fixture;
    const session = new RecordedSession(await host.client.open({ workdir }), host.client);
    await session.handle.setModel('other');
    await session.waitFor('the switch', () => session.state.model.name === 'other');

    const child = host.child!;
    const pid = child.pid!;
    process.kill(pid, 'SIGKILL');
    await session.waitFor(
      'the bridge back',
      () => child.pid !== pid && child.status.state === 'connected',
    );
    await session.waitFor('the model put back', () => session.state.model.name === 'other');

    await session.converse('after the restart');
    expect(other.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer key-of-other',
    ]);
    expect(mock.requests).toHaveLength(0);
  });
});
