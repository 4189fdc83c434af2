// The bridge dies after the user switched to a configured model: the client opens the session
// again and puts the model back by its name, so the next turn still goes to that model's own
// server with its own key (its model id alone would go to the default endpoint).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import { RecordedSession } from './host/recorded-session.js';

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
    fixture = await startContractFixture('child process', { OTHER_KEY: 'key-of-other' });
    other = await start({
      scenario: {
        name: 'other',
        turns: [{ reply: [{ type: 'text', text: 'from the other server' }] }],
      },
    });
    const { mock, host, workdir, waveHome } = fixture;
    mock.setScenario({
      name: 'default',
      turns: [{ reply: [{ type: 'text', text: 'from the default server' }] }],
    });
    writeFileSync(
      join(waveHome, 'settings.json'),
      JSON.stringify({
        provider: 'openai',
        baseURL: `${mock.url}/v1`,
        apiKey: 'default-key',
        models: {
          other: {
            provider: 'openai',
            model: 'other-model',
            baseURL: `${other.url}/v1`,
            apiKeyEnv: 'OTHER_KEY',
          },
        },
      }),
    );
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
