// A long saved session for the tests to resume, made as a person would make it, only faster: a
// real Agent (agent-sdk, in this process) talking to tools/mock-llm over real HTTP and SSE, one
// short exchange per turn, saved in the WAVE_HOME and folder a `wave web` then serves.
import { Agent } from '@wave-agent/agent-sdk';
import { start } from '@wave-agent/mock-llm';

export interface SeededSession {
  readonly sessionId: string;
  /** Its title in the sessions list: its first message. */
  readonly title: string;
  readonly messages: number;
}

/** `turns` exchanges (a question, a reply of a few lines each): twice as many messages. */
export async function seedSession(options: {
  readonly waveHome: string;
  readonly workdir: string;
  readonly turns: number;
}): Promise<SeededSession> {
  const llm = await start({
    scenario: {
      name: 'seed',
      turns: [
        {
          // A content match is served again for every turn that matches it.
          match: { lastUserContains: 'question' },
          reply: [
            {
              type: 'text',
              text: 'An answer of a few lines, as replies are: it says what it found and why, where it looked, and what it would do next.\n\n- one point, with a `name` in it\n- another point, a little longer than the first\n\nAnd a closing line that sums it up for the reader.',
            },
          ],
        },
      ],
    },
  });
  const agent = await Agent.create({
    provider: 'openai',
    model: 'mock-model',
    baseURL: `${llm.url}/v1`,
    apiKey: 'test-key',
    env: {},
    waveHome: options.waveHome,
    workdir: options.workdir,
  });
  try {
    const title = 'question 1';
    for (let turn = 1; turn <= options.turns; turn++) {
      const result = await agent.sendMessage(`question ${turn}`);
      if (result.stopReason !== 'end_turn')
        throw new Error(
          `Seeding turn ${turn} did not finish: ${result.error ?? result.stopReason}.`,
        );
    }
    return { sessionId: agent.sessionId, title, messages: agent.messages.length };
  } finally {
    agent.destroy();
    await llm.close();
  }
}
