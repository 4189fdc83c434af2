// The Agent a test's child process runs: the mock model at MOCK_URL, and WORKDIR / WAVE_HOME
// from the environment the test gave it.
import { Agent } from '../agent.js';

export function createChildAgent(): Promise<Agent> {
  return Agent.create({
    provider: 'openai',
    model: 'mock-model',
    baseURL: `${process.env.MOCK_URL}/v1`,
    apiKey: 'test-key',
    env: {},
    workdir: process.env.WORKDIR,
    waveHome: process.env.WAVE_HOME,
  });
}
