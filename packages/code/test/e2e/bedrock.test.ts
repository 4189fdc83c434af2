// Claude on Amazon Bedrock in the real `wave` (the published bundle, which loads the AWS signer,
// credential chain and event-stream codec at the first call) against tools/mock-llm's Bedrock
// wire: a configured model entry signs with SigV4 from a profile's credentials file and streams
// the thinking and the answer once, in order; Claude Code's CLAUDE_CODE_USE_BEDROCK with a Bedrock
// API key works as it does in Claude Code.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { startMock } from './mock-model.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();
const RUN_MS = 60_000;
const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const STREAM_PATH = `/model/${encodeURIComponent(MODEL)}/invoke-with-response-stream`;
const SECRET = 'e2eSecretAccessKey/ofTheProfile+NeverShown';

type Json = Record<string, unknown>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

describe('Claude on Bedrock in print mode', { timeout: RUN_MS }, () => {
  it("a configured bedrock model signs with the profile's keys and streams thinking, then the answer, once", async () => {
    fx.mock = await startMock({
      name: 'bedrock thinks and answers',
      chunkSize: 3,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Twenty-five times thirty-seven…', signature: 'U2ln' },
            { type: 'text', text: 'It is 925.' },
          ],
        },
      ],
    });
    const credentials = join(fx.home.path, 'aws-credentials');
    writeFileSync(
      credentials,
      `[bedrock-user]\naws_access_key_id = AKIAE2EPROFILE000001\naws_secret_access_key = ${SECRET}\n`,
    );
    writeFileSync(join(fx.home.path, 'aws-config'), '');
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      JSON.stringify({
        models: {
          claude: { provider: 'bedrock', model: MODEL, region: 'us-east-2', baseURL: fx.mock.url },
        },
        defaultModel: 'claude',
      }),
    );
    const run = await runWave(['-p', 'What is 25 × 37?', '--output-format', 'stream-json'], {
      cwd: fx.work.path,
      env: cleanEnv({
        WAVE_HOME: fx.home.path,
        WAVE_MAX_RETRIES: '0',
        AWS_PROFILE: 'bedrock-user',
        AWS_SHARED_CREDENTIALS_FILE: credentials,
        AWS_CONFIG_FILE: join(fx.home.path, 'aws-config'),
      }),
    });
    expect(run.stderr).toBe('');
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Json);
    const kinds = records
      .map((record) => String(record['type']))
      .filter((type) => ['assistantReasoningUpdated', 'assistantContentUpdated'].includes(type));
    expect(kinds.filter((kind, index) => kind !== kinds[index - 1])).toEqual([
      'assistantReasoningUpdated',
      'assistantContentUpdated',
    ]);
    const chunks = (type: string) =>
      records
        .filter((record) => record['type'] === type)
        .map((record) => record['chunk'])
        .join('');
    expect(chunks('assistantReasoningUpdated')).toBe('Twenty-five times thirty-seven…');
    expect(chunks('assistantContentUpdated')).toBe('It is 925.');
    expect(records.at(-1)).toMatchObject({ type: 'result', result: 'It is 925.' });

    expect(fx.mock.requests).toHaveLength(1);
    const request = fx.mock.requests[0]!;
    expect(request.path).toBe(STREAM_PATH);
    expect(String(request.headers['authorization'])).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAE2EPROFILE000001\/\d{8}\/us-east-2\/bedrock\/aws4_request, /,
    );
    expect((request.body as Json)['anthropic_version']).toBe('bedrock-2023-05-31');
    const everything = [run.stdout, JSON.stringify(fx.mock.requests), ...filesUnder(fx.home.path)]
      .join('\n')
      .replace(readFileSync(credentials, 'utf8'), '');
    expect(everything).not.toContain(SECRET);
  });

  it("takes Claude Code's CLAUDE_CODE_USE_BEDROCK, ANTHROPIC_BEDROCK_BASE_URL and Bedrock API key", async () => {
    fx.mock = await startMock({
      name: 'bedrock answers',
      turns: [{ reply: [{ type: 'text', text: 'Hello from Bedrock.' }] }],
    });
    const run = await runWave(['-p', 'hello', '--model', MODEL], {
      cwd: fx.work.path,
      env: cleanEnv({
        WAVE_HOME: fx.home.path,
        WAVE_MAX_RETRIES: '0',
        CLAUDE_CODE_USE_BEDROCK: '1',
        AWS_REGION: 'us-east-1',
        AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-e2e',
        ANTHROPIC_BEDROCK_BASE_URL: fx.mock.url,
      }),
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('Hello from Bedrock.');
    expect(fx.mock.requests[0]?.path).toBe(STREAM_PATH);
    expect(fx.mock.requests[0]?.headers['authorization']).toBe('Bearer bedrock-api-key-e2e');
  });
});
