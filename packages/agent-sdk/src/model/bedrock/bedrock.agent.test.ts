// Claude on Amazon Bedrock, as a user meets it: a real Agent over real HTTP against tools/mock-llm
// serving Anthropic's turns as AWS event-stream frames, cut at odd byte offsets, on Bedrock's path.
// Authorized by a Bedrock API key or a SigV4 signature (its credentials from the environment or
// a profile's file, read by the AWS SDK's chain); the signature is checked here by an independent
// SigV4 computation, and the secret is found nowhere Wave writes or sends.
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordedAnthropicText, recordedFixturePath } from '@wave-agent/mock-llm';
import type { Fault, RecordedRequest, Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { lastAssistantText, ofType, startHarness } from '../../test-support/agent-harness.js';
import type { Harness } from '../../test-support/agent-harness.js';
import type { AgentOptions } from '../../agent/agent-options.js';

let harness: Harness | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await harness?.dispose();
  harness = undefined;
});

type Json = Record<string, unknown>;

const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const STREAM_PATH =
  '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY+wave';

async function onBedrock(
  scenario: Scenario,
  env: Record<string, string>,
  more: Partial<AgentOptions> = {},
) {
  harness = await startHarness('anthropic', scenario, {
    provider: 'bedrock',
    model: MODEL,
    env,
    ...more,
  });
  return harness;
}

function recorded(writeBytes: number): Scenario {
  return {
    name: 'recorded on bedrock',
    turns: [{ reply: [], recorded: { file: recordedFixturePath('anthropicBudget'), writeBytes } }],
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text, 'utf8').digest();

/** AWS's SigV4 for a recorded request, computed from its own headers (node:crypto only). */
function expectedSignature(request: RecordedRequest, secret: string): string {
  const auth = String(request.headers['authorization']);
  const match =
    /Credential=[^/]+\/(\d{8})\/([^/]+)\/bedrock\/aws4_request, SignedHeaders=([^,]+), Signature=/.exec(
      auth,
    );
  if (match === null) throw new Error(`not a SigV4 authorization: ${auth}`);
  const [, day, region, signedHeaders] = match as unknown as [string, string, string, string];
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  // Bedrock is not S3: each path segment is escaped once more.
  const path = request.path.split('/').map(encodeURIComponent).join('/');
  const payload = sha256(JSON.stringify(request.body));
  const canonical = ['POST', path, '', canonicalHeaders, signedHeaders, payload].join('\n');
  const scope = `${day}/${region}/bedrock/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    String(request.headers['x-amz-date']),
    scope,
    sha256(canonical),
  ].join('\n');
  let key = hmac(`AWS4${secret}`, day);
  for (const part of [region, 'bedrock', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
}

/** A credentials file and a config file, as AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE name them. */
function awsFiles(credentials: string, config: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'wave-aws-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'credentials'), credentials);
  writeFileSync(join(dir, 'config'), config);
  return {
    AWS_SHARED_CREDENTIALS_FILE: join(dir, 'credentials'),
    AWS_CONFIG_FILE: join(dir, 'config'),
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

function said(h: Harness): string {
  return [
    ...ofType(h.events, 'noticeAdded').map((notice) => notice.message),
    ...ofType(h.events, 'errorBlockAdded').map((error) => error.error),
  ].join('\n');
}

describe('Claude on Bedrock', () => {
  it('streams the recorded thinking and answer once, in order, with a Bedrock API key', async () => {
    const h = await onBedrock(recorded(13), {
      AWS_REGION: 'us-east-1',
      AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-1',
    });
    await h.agent.sendMessage('What is 25 × 37?');
    const request = h.mock.requests[0]!;
    expect(request.path).toBe(STREAM_PATH);
    expect(request.headers['authorization']).toBe('Bearer bedrock-api-key-1');
    expect(request.headers).not.toHaveProperty('x-api-key');
    expect(request.headers).not.toHaveProperty('anthropic-beta');
    expect(request.headers['accept']).toBe('application/vnd.amazon.eventstream');
    const body = request.body as Json;
    expect(body['anthropic_version']).toBe('bedrock-2023-05-31');
    expect(body).not.toHaveProperty('model');
    expect(body).not.toHaveProperty('stream');
    expect(body['anthropic_beta']).toContain('interleaved-thinking-2025-05-14');
    expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 31999 });
    expect(body['max_tokens']).toBe(32000);

    const thinking = recordedAnthropicText('anthropicBudget', 'thinking');
    const message = h.agent.messages.at(-1)!;
    expect(message.blocks.map((block) => block.type)).toEqual(['reasoning', 'text']);
    expect(message.blocks[0]).toMatchObject({ content: thinking, stage: 'end' });
    expect(message.blocks[1]).toMatchObject({
      content: recordedAnthropicText('anthropicBudget', 'text'),
    });
    const reasoning = ofType(h.events, 'assistantReasoningUpdated');
    expect(reasoning.map((event) => event.chunk).join('')).toBe(thinking);
    expect(reasoning.length).toBeGreaterThan(1);
    expect(reasoning.filter((event) => event.startedAt !== undefined)).toHaveLength(1);
    h.expectStateMatchesEvents();
  });

  it('signs with SigV4 from the environment and sends signed thinking back through the tool loop; the secret goes nowhere', async () => {
    const h = await onBedrock(
      { name: 'replaced below', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      {
        AWS_REGION: 'eu-west-3',
        AWS_ACCESS_KEY_ID: 'AKIAWAVETEST00000001',
        AWS_SECRET_ACCESS_KEY: SECRET,
        AWS_SESSION_TOKEN: 'session-token-of-the-test',
      },
    );
    const notes = join(h.workdir, 'notes.txt');
    writeFileSync(notes, 'the notes say 42\n');
    h.mock.setScenario({
      name: 'thinking, a tool, thinking, an answer',
      chunkSize: 5,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Read the notes — café.', signature: 'U2lnMQ==' },
            { type: 'tool_call', id: 'toolu_1', name: 'Read', input: { file_path: notes } },
          ],
        },
        {
          match: { turnIndex: 1 },
          reply: [
            { type: 'reasoning', text: 'They say 42.', signature: 'U2lnMg==' },
            { type: 'text', text: 'The notes say 42.' },
          ],
        },
      ],
    });
    await h.agent.sendMessage('What do the notes say?');
    expect(h.mock.requests).toHaveLength(2);
    for (const request of h.mock.requests) {
      expect(request.path).toBe(STREAM_PATH);
      const auth = String(request.headers['authorization']);
      expect(auth).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIAWAVETEST00000001\/\d{8}\/eu-west-3\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
      );
      const signed = /SignedHeaders=([^,]+)/.exec(auth)![1]!.split(';');
      expect(signed).toEqual(
        expect.arrayContaining(['host', 'x-amz-date', 'x-amz-security-token', 'content-type']),
      );
      expect(request.headers['x-amz-security-token']).toBe('session-token-of-the-test');
      expect(auth.endsWith(`Signature=${expectedSignature(request, SECRET)}`)).toBe(true);
    }
    const assistant = ((h.mock.requests[1]!.body as Json)['messages'] as Json[]).filter(
      (message) => message['role'] === 'assistant',
    );
    expect(
      assistant.map((message) =>
        (message['content'] as Json[]).map(({ cache_control: _cache, ...block }) => block),
      ),
    ).toEqual([
      [
        { type: 'thinking', thinking: 'Read the notes — café.', signature: 'U2lnMQ==' },
        { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: notes } },
      ],
    ]);
    const [first, second] = h.agent.messages.filter((message) => message.role === 'assistant');
    expect(first?.blocks.map((block) => block.type)).toEqual(['reasoning', 'tool']);
    expect(second?.blocks.map((block) => block.type)).toEqual(['reasoning', 'text']);
    expect(lastAssistantText(h.agent)).toBe('The notes say 42.');
    h.expectStateMatchesEvents();

    const everything = [
      JSON.stringify(h.mock.requests),
      JSON.stringify(h.events),
      JSON.stringify(h.agent.sessionState),
      ...filesUnder(h.waveHome),
      ...filesUnder(h.workdir),
    ].join('\n');
    expect(everything).toContain('AKIAWAVETEST00000001');
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(encodeURIComponent(SECRET));
  });

  it("reads a profile's keys from its credentials file (the AWS SDK's chain)", async () => {
    const h = await onBedrock(
      { name: 'profile', turns: [{ reply: [{ type: 'text', text: 'Signed by the profile.' }] }] },
      {
        AWS_REGION: 'us-west-2',
        AWS_PROFILE: 'wave-test',
        ...awsFiles(
          `[default]\naws_access_key_id = AKIANOTTHISONE000000\naws_secret_access_key = not-this-one\n\n[wave-test]\naws_access_key_id = AKIAPROFILE000000001\naws_secret_access_key = ${SECRET}\n`,
          '[profile wave-test]\nregion = us-west-2\n',
        ),
      },
    );
    await h.agent.sendMessage('hello');
    const request = h.mock.requests[0]!;
    expect(String(request.headers['authorization'])).toContain('Credential=AKIAPROFILE000000001/');
    expect(String(request.headers['authorization'])).toContain(
      `Signature=${expectedSignature(request, SECRET)}`,
    );
    expect(lastAssistantText(h.agent)).toBe('Signed by the profile.');
  });

  it('retries an exception frame that arrives mid-stream (throttling), keeping no partial reply', async () => {
    const answer = 'Here is the whole answer after the throttling.';
    const h = await onBedrock(
      {
        name: 'throttled mid-stream',
        chunkSize: 4,
        turns: [
          {
            faults: [
              {
                kind: 'stream-error',
                afterChunks: 4,
                errorType: 'throttlingException',
                message: 'Too many tokens, please wait before trying again.',
              },
            ],
            reply: [{ type: 'text', text: answer }],
          },
        ],
      },
      { AWS_REGION: 'us-east-1', AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-2' },
    );
    const result = await h.agent.sendMessage('go');
    expect(said(h)).toContain(
      'Bedrock: Too many tokens, please wait before trying again. (ThrottlingException)',
    );
    expect(result.stopReason).toBe('end_turn');
    expect(h.mock.requests).toHaveLength(2);
    expect(lastAssistantText(h.agent)).toBe(answer);
    expect(h.agent.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
    h.expectStateMatchesEvents();
  });

  it.each<{ what: string; fault: Fault; env: Record<string, string>; says: string }>([
    {
      what: 'an exception frame Bedrock means as final (validation)',
      fault: {
        kind: 'stream-error',
        afterChunks: 2,
        errorType: 'validationException',
        message: 'The provided model identifier is invalid.',
      },
      env: { AWS_REGION: 'us-east-1', AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-3' },
      says: 'Bedrock: The provided model identifier is invalid. (ValidationException) Check the model id: Bedrock names a model with its inference profile and version, like us.anthropic.claude-sonnet-4-5-20250929-v1:0, and it must be offered.',
    },
    {
      what: 'a 403 for a model without access',
      fault: {
        kind: 'http',
        status: 403,
        errorType: 'AccessDeniedException',
        message: "You don't have access to the model with the specified model ID.",
      },
      env: { AWS_REGION: 'ap-northeast-1', AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-4' },
      says: "The model API answered 403: Bedrock: You don't have access to the model with the specified model ID. (AccessDeniedException) Ask for access to this model in the Amazon Bedrock console (Model access) in ap-northeast-1, or choose a model your account has.",
    },
    {
      what: 'a 403 for refused credentials',
      fault: {
        kind: 'http',
        status: 403,
        errorType: 'UnrecognizedClientException',
        message: 'The security token included in the request is invalid.',
      },
      env: {
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'AKIAWAVETEST00000002',
        AWS_SECRET_ACCESS_KEY: SECRET,
      },
      says: 'The model API answered 403: Bedrock: The security token included in the request is invalid. (UnrecognizedClientException) Check the credentials Wave uses for Bedrock (AWS_BEARER_TOKEN_BEDROCK, else AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, else the profile AWS_PROFILE names)',
    },
  ])(
    'ends the turn on $what, saying what to do, without retrying',
    async ({ fault, env, says }) => {
      const h = await onBedrock(
        { name: 'refused', turns: [{ faults: [fault], reply: [{ type: 'text', text: 'never' }] }] },
        env,
      );
      const result = await h.agent.sendMessage('go');
      expect(result.stopReason).toBe('error');
      expect(result.error).toContain(says);
      expect(h.mock.requests).toHaveLength(1);
      h.expectStateMatchesEvents();
    },
  );

  it('says where AWS credentials come from when none can be read, before sending anything', async () => {
    const h = await onBedrock(
      { name: 'never asked', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      {
        AWS_REGION: 'us-east-1',
        AWS_PROFILE: 'wave-missing',
        ...awsFiles(
          '[someone-else]\naws_access_key_id = AKIAOTHER00000000001\naws_secret_access_key = other\n',
          '',
        ),
      },
      { retry: { maxRetries: 0, baseDelayMs: 10, idleTimeoutMs: 2000 } },
    );
    const result = await h.agent.sendMessage('hello');
    expect(h.mock.requests).toHaveLength(0);
    expect(result.error).toMatch(
      /Claude on Bedrock needs AWS credentials, and none could be read for the profile "wave-missing": .* Set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE/s,
    );
  });
});
