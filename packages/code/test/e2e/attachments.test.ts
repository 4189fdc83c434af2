// `@` mentions in print mode, as a user meets them: the real `wave -p` (from source) in a
// temporary project against tools/mock-llm over real HTTP. The mentioned file's text and the
// mentioned image reach the model in the user message; a mention that cannot be attached is said
// on stderr and the message still goes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let home: ReturnType<typeof tempDir>;
let project: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  home = tempDir('home');
  project = tempDir('attach-project');
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  home.remove();
  project.remove();
});

describe('wave -p with @ mentions', () => {
  it('sends the file and the image mentioned in the prompt after its text; a missing one is told on stderr', async () => {
    mkdirSync(join(project.path, 'src'));
    writeFileSync(join(project.path, 'src/a.ts'), 'export const answer = 42;\n');
    writeFileSync(join(project.path, 'shot.png'), Buffer.from(PNG, 'base64'));
    mock = await startMock({
      name: 'reply',
      turns: [{ reply: [{ type: 'text', text: 'Done.' }] }],
    });
    const run = await runWave(['-p', 'explain @src/a.ts with @shot.png and @gone.ts'], {
      cwd: project.path,
      env: cleanEnv({
        WAVE_HOME: home.path,
        WAVE_MAX_RETRIES: '0',
        ...providerEnv('anthropic', mock.url),
      }),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('Done.');
    const body = mock.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
    const user = body.messages.find((message) => message.role === 'user');
    expect(user?.content).toEqual([
      { type: 'text', text: 'explain @src/a.ts with @shot.png and @gone.ts' },
      {
        type: 'text',
        text: '<attached-file path="src/a.ts">\nexport const answer = 42;\n</attached-file>',
      },
      { type: 'text', text: '[Image attached: shot.png]' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      // The model is told too (the notice's words, in the user turn that follows on this wire).
      {
        type: 'text',
        text: '@gone.ts was not attached: there is no such file in the work folder. Check the path.',
      },
    ]);
    expect(run.stderr).toContain(
      '@gone.ts was not attached: there is no such file in the work folder.',
    );
  });

  it('refuses, with the sentence and no trace, a prompt mentioning an image the model cannot take', async () => {
    writeFileSync(join(project.path, 'shot.png'), Buffer.from(PNG, 'base64'));
    const run = await runWave(['-p', 'what is @shot.png?'], {
      cwd: project.path,
      env: cleanEnv({ WAVE_HOME: home.path, WAVE_PROVIDER: 'demo' }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'wave: The image @shot.png was not sent: the model in use (demo wave-demo) does not take images. Switch to a model that does with /model, or send the message without the image.\n',
    );
  });
});
