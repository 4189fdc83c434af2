// Images over ACP as an editor sends them: a real `wave --acp` child process driven by the ACP
// SDK's client side, against the mock model over real HTTP. initialize offers images; an image
// block reaches an Anthropic model as an image part, a file link becomes the file's content, a
// session/load replays the attachments by name; a model that takes no images refuses the prompt
// with a sentence.
import * as acp from '@agentclientprotocol/sdk';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allText, initialize, mockEnv, newSession, useAcpFixture } from './test-kit.js';

const fixture = useAcpFixture();
const { dir } = fixture;

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function imagePrompt(sessionId: string, extra: acp.ContentBlock[] = []) {
  return {
    sessionId,
    prompt: [
      { type: 'text' as const, text: 'What is in ' },
      { type: 'image' as const, data: PNG, mimeType: 'image/png', uri: 'file:///tmp/shot.png' },
      ...extra,
    ],
  };
}

describe('wave --acp images', () => {
  it('offers images; an image block and a file link reach an Anthropic model as parts, and session/load replays them by name', async () => {
    const mock = await fixture.startMock({
      name: 'images',
      turns: [
        { reply: [{ type: 'text', text: 'A single pixel.' }] },
        { reply: [{ type: 'text', text: 'unused' }] },
      ],
    });
    const home = dir('home');
    const work = dir('work');
    writeFileSync(join(work, 'notes.md'), 'pixel notes');
    const wave = fixture.spawn(home, work, mockEnv(mock, 'anthropic'));
    const init = await initialize(wave.agent);
    expect(init.agentCapabilities?.promptCapabilities?.image).toBe(true);
    const { sessionId } = await newSession(wave.agent, work);
    const answer = await wave.agent.request(
      acp.methods.agent.session.prompt,
      imagePrompt(sessionId, [
        { type: 'text', text: ' and ' },
        {
          type: 'resource_link',
          uri: pathToFileURL(join(work, 'notes.md')).href,
          name: 'notes.md',
        },
      ]),
    );
    expect(answer).toEqual({ stopReason: 'end_turn' });
    const body = mock.requests.at(-1)?.body as { messages: { role: string; content: unknown[] }[] };
    const user = body.messages.find((message) => message.role === 'user');
    expect(user?.content).toContainEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG },
    });
    expect(JSON.stringify(user?.content)).toContain(
      '<attached-file path=\\"notes.md\\">\\npixel notes',
    );
    expect(await wave.disconnect()).toBe(0);

    const again = fixture.spawn(home, work, mockEnv(mock, 'anthropic'));
    await initialize(again.agent);
    await again.agent.request(acp.methods.agent.session.load, {
      sessionId,
      cwd: work,
      mcpServers: [],
    });
    const replayed = allText(again.updates, 'user_message_chunk');
    expect(replayed).toContain('📎 shot.png · ');
    expect(replayed).toContain('📎 notes.md · 11 B');
  });

  it('refuses an image prompt with a sentence when the model takes no images', async () => {
    await fixture.startMock({
      name: 'text only',
      turns: [{ reply: [{ type: 'text', text: 'x' }] }],
    });
    const work = dir('work');
    // The fixture's default: an OpenAI-compatible endpoint, which is not assumed to take images.
    const wave = fixture.spawn(dir('home'), work);
    await initialize(wave.agent);
    const { sessionId } = await newSession(wave.agent, work);
    await expect(
      wave.agent.request(acp.methods.agent.session.prompt, imagePrompt(sessionId)),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(
        /^The image "shot\.png" was not sent: the model in use \(openai [^)]+\) does not take images .*Switch to a model that does with \/model, or send the message without the image\.$/,
      ),
    });
    expect(fixture.mock.requests).toHaveLength(0);
  });
});
