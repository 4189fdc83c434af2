// A `wave --stdio` host whose user settings hold a default endpoint (the fixture's mock) and a
// configured model "other" with its own server and key (OTHER_KEY): for the tests of a switched
// model that must survive a restart or a reload, going on to its own server with its own key.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { startContractFixture } from './contract-fixture.js';
import type { ContractFixture } from './contract-fixture.js';

/** What the host's `wave --stdio` needs in its environment for "other"'s key. */
export const OTHER_KEY = { OTHER_KEY: 'key-of-other' } as const;

export interface TwoModels {
  readonly fixture: ContractFixture;
  /** The server of the configured model "other" (model id other-model). */
  readonly other: MockLlm;
}

export async function startWithTwoModels(): Promise<TwoModels> {
  const fixture = await startContractFixture('child process', OTHER_KEY);
  const other = await start({
    scenario: {
      name: 'other',
      turns: [{ reply: [{ type: 'text', text: 'from the other server' }] }],
    },
  });
  fixture.mock.setScenario({
    name: 'default',
    turns: [{ reply: [{ type: 'text', text: 'from the default server' }] }],
  });
  writeFileSync(
    join(fixture.waveHome, 'settings.json'),
    JSON.stringify({
      provider: 'openai',
      baseURL: `${fixture.mock.url}/v1`,
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
  return { fixture, other };
}
