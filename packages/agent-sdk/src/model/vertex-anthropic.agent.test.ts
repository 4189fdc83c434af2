// Claude on Vertex, as a user meets it: a real Agent over real HTTP against tools/mock-llm serving
// Anthropic's wire on Vertex's path, with Google credentials read by google-auth-library from the
// file GOOGLE_APPLICATION_CREDENTIALS names. A service account's key cannot be used here: its
// token endpoint is fixed (oauth2.googleapis.com) in google-auth-library; the test writes an
// `external_account` credentials file (workload identity federation, another standard ADC type)
// whose token exchange goes to a local endpoint, so the token the model call carries is the
// one that endpoint gave.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordedAnthropicText, recordedFixturePath } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
let tokenServer: Server | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await harness?.dispose();
  harness = undefined;
  await new Promise((resolve) => (tokenServer ? tokenServer.close(resolve) : resolve(undefined)));
  tokenServer = undefined;
});

type Json = Record<string, unknown>;

/** A local STS endpoint: answers every token exchange with `token`, keeping what it was asked. */
async function startTokenEndpoint(token: string): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  tokenServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      asked.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          access_token: token,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          token_type: 'Bearer',
          expires_in: 3600,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => tokenServer!.listen(0, '127.0.0.1', resolve));
  const { port } = tokenServer.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/token`, asked };
}

function credentialsFile(dir: string, tokenUrl: string): string {
  const subject = join(dir, 'subject-token.jwt');
  writeFileSync(subject, 'subject-token-from-the-identity-provider');
  const file = join(dir, 'adc.json');
  writeFileSync(
    file,
    JSON.stringify({
      type: 'external_account',
      audience:
        '//iam.googleapis.com/projects/123/locations/global/workloadIdentityPools/pool/providers/wave',
      subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      token_url: tokenUrl,
      credential_source: { file: subject },
    }),
  );
  return file;
}

describe('Claude on Vertex', () => {
  it('sends the Anthropic wire to the Vertex path with a Google access token and shows the thinking once', async () => {
    const endpoint = await startTokenEndpoint('ya29.local-test-token');
    const fixture = 'anthropicBudget';
    const credentialsDir = mkdtempSync(join(tmpdir(), 'wave-vertex-adc-'));
    cleanups.push(() => rmSync(credentialsDir, { recursive: true, force: true }));
    const base = await startHarness(
      'anthropic',
      {
        name: 'recorded on vertex',
        turns: [{ reply: [], recorded: { file: recordedFixturePath(fixture), writeBytes: 13 } }],
      },
      {
        provider: 'vertex',
        model: 'claude-sonnet-4-5@20250929',
        env: {
          GOOGLE_VERTEX_PROJECT: 'wave-test',
          GOOGLE_VERTEX_LOCATION: 'us-east5',
          GOOGLE_APPLICATION_CREDENTIALS: credentialsFile(credentialsDir, endpoint.url),
        },
      },
    );
    harness = base;
    await base.agent.sendMessage('What is 25 × 37?');
    const request = base.mock.requests[0]!;
    expect(request.path).toBe(
      '/v1/projects/wave-test/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict',
    );
    expect(request.headers['authorization']).toBe('Bearer ya29.local-test-token');
    expect(request.headers).not.toHaveProperty('x-api-key');
    const body = request.body as Json;
    expect(body['anthropic_version']).toBe('vertex-2023-10-16');
    expect(body).not.toHaveProperty('model');
    expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 31999 });
    expect(endpoint.asked).toHaveLength(1);
    expect(endpoint.asked[0]).toContain('subject_token=subject-token-from-the-identity-provider');

    const message = base.agent.messages.at(-1)!;
    expect(message.blocks.map((block) => block.type)).toEqual(['reasoning', 'text']);
    const thinking = recordedAnthropicText(fixture, 'thinking');
    expect(message.blocks[0]).toMatchObject({ content: thinking, stage: 'end' });
    expect(message.blocks[1]).toMatchObject({ content: recordedAnthropicText(fixture, 'text') });
    const reasoning = ofType(base.events, 'assistantReasoningUpdated');
    expect(reasoning.map((event) => event.chunk).join('')).toBe(thinking);
    expect(reasoning.filter((event) => event.startedAt !== undefined)).toHaveLength(1);
    base.expectStateMatchesEvents();
  });

  it('says what to do when the Google credentials give no token', async () => {
    harness = await startHarness(
      'anthropic',
      { name: 'never asked', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      {
        provider: 'vertex',
        model: 'claude-sonnet-4-5@20250929',
        retry: { maxRetries: 0, baseDelayMs: 10, idleTimeoutMs: 2000 },
        env: {
          GOOGLE_VERTEX_PROJECT: 'wave-test',
          GOOGLE_APPLICATION_CREDENTIALS: join(tmpdir(), 'wave-no-such-credentials.json'),
        },
      },
    );
    await harness.agent.sendMessage('hello');
    expect(harness.mock.requests).toHaveLength(0);
    const errors = harness.agent.messages
      .flatMap((message) => message.blocks)
      .flatMap((block) => (block.type === 'error' ? [block.message] : []));
    expect(errors.join('\n')).toMatch(
      /Vertex AI needs Google Cloud credentials, and getting an access token failed: .*wave-no-such-credentials\.json.*gcloud auth application-default login/s,
    );
  });
});
