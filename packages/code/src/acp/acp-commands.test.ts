// Slash commands sent as prompts to a real wave --acp: the ones that fit an editor run (their
// words come as a message of their own, never to the model), the editor's own business says
// what to do instead, and any other `/word` goes to the model as it is.
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastUserText } from '../../test/e2e/mock-model.js';
import { allText, chunkTexts, initialize, newSession, prompt, useAcpFixture } from './test-kit.js';
import { availableCommands, commandFor } from './acp-commands.js';

const fixture = useAcpFixture();
const { dir } = fixture;

/** The updates a prompt brought, once its turn ended. */
async function updatesOf(wave: ReturnType<typeof fixture.spawn>, sessionId: string, text: string) {
  const before = wave.updates.length;
  expect(await prompt(wave.agent, sessionId, text)).toEqual({ stopReason: 'end_turn' });
  return wave.updates.slice(before);
}

describe('wave --acp slash commands', () => {
  it('runs /help, /model, /tasks, /btw and /compact, points elsewhere for /clear, and passes other /words on', async () => {
    await fixture.startMock({
      name: 'commands',
      turns: [
        { match: { lastUserContains: 'capital' }, reply: [{ type: 'text', text: 'Paris.' }] },
        {
          match: { lastUserContains: 'Summarize the conversation' },
          reply: [{ type: 'text', text: 'We talked about Paris.' }],
        },
        { match: { lastUserContains: '/frobnicate' }, reply: [{ type: 'text', text: 'Unknown.' }] },
      ],
    });
    const work = dir('work');
    const wave = fixture.spawn(dir('home'), work);
    await initialize(wave.agent);
    const { sessionId } = await newSession(wave.agent, work);
    const said = async (text: string) =>
      allText(await updatesOf(wave, sessionId, text), 'agent_message_chunk');

    expect(await said('/help')).toContain('- /compact [instructions]: Fold the conversation');
    expect(await said('/model')).toMatch(/^Model: \S+ \(openai/);
    expect(await said('/tasks')).toBe('No background commands in this session.\n');
    // /add-dir: a folder is added for the session; what is not a folder is refused, saying why.
    const shared = dir('shared');
    expect(await said(`/add-dir ${shared}`)).toContain(
      `Added ${realpathSync(shared)} as a work folder for this session`,
    );
    // A refusal is an error notice, not a reply.
    const beforeRefusal = wave.updates.length;
    await prompt(wave.agent, sessionId, '/add-dir no-such-folder');
    const notices = wave.updates
      .slice(beforeRefusal)
      .flatMap((u) => (u.update.sessionUpdate === 'notice' ? [u.update] : []));
    expect(JSON.stringify(notices)).toContain(`There is no folder ${join(work, 'no-such-folder')}`);
    expect(await said('/clear')).toBe(
      'To start a new conversation, start a new thread in the editor.\n',
    );
    expect(fixture.mock.requests).toHaveLength(0);

    // A side question: its answer streams as a message of its own.
    expect(await said('/btw what is the capital of France?')).toBe('Paris.');
    // The conversation is folded: Wave says so in a notice.
    const before = wave.updates.length;
    expect(await prompt(wave.agent, sessionId, '/compact')).toEqual({ stopReason: 'end_turn' });
    expect(
      wave.updates
        .slice(before)
        .some((u) => u.update.sessionUpdate === 'notice' && /summary/.test(u.update.title)),
    ).toBe(true);
    expect(await said('/frobnicate now')).toBe('Unknown.');
    expect(lastUserText(fixture.mock.requests.at(-1)?.body)).toBe('/frobnicate now');
    expect([...chunkTexts(wave.updates, 'user_message_chunk').keys()]).toHaveLength(0);
  });
});

describe('/export and /doctor over ACP', () => {
  it('writes the conversation into the work folder, has no clipboard, and checks the setup', async () => {
    await fixture.startMock({
      name: 'one answer',
      turns: [{ reply: [{ type: 'text', text: 'Paris.' }] }],
    });
    const work = dir('work');
    const wave = fixture.spawn(dir('home'), work);
    await initialize(wave.agent);
    const { sessionId } = await newSession(wave.agent, work);
    const said = (text: string) => updatesOf(wave, sessionId, text);
    await said('what is the capital of France?');

    const exported = allText(await said('/export chat.md'), 'agent_message_chunk');
    expect(exported).toContain(`Exported the conversation as Markdown to ${join(work, 'chat.md')}`);
    const markdown = readFileSync(join(work, 'chat.md'), 'utf8');
    expect(markdown).toContain('## You\n\n> what is the capital of France?\n\n## Wave\n\nParis.');

    // The editor's stdin and stdout are the protocol: no terminal to reach the clipboard through.
    const copy = await said('/export --copy');
    expect(JSON.stringify(copy)).toContain('This window cannot reach the clipboard');

    const report = allText(await said('/doctor'), 'agent_message_chunk');
    expect(report).toContain('Wave doctor');
    expect(report).toMatch(/✓ Node {6}\d+\.\d+/);
    expect(report).toMatch(/✓ Model {5}openai /);
    expect(report).toContain('✓ Settings  ');
    // The turn and the commands: only the one request reached the model.
    expect(fixture.mock.requests).toHaveLength(1);
  });
});

describe("ACP's command list", () => {
  it("offers the session's custom commands after Wave's own, with hint and description, and a broken one with why", () => {
    const offered = availableCommands({
      memory: [],
      skills: [],
      warnings: [],
      commands: [
        {
          name: 'review',
          description: 'Review a change',
          argumentHint: '<change>',
          source: '/repo/.claude/commands/review.md',
          scope: 'project',
        },
        {
          name: 'broken',
          description: '',
          source: '/repo/.claude/commands/broken.md',
          scope: 'project',
          problem: 'its front matter is not valid YAML',
        },
        // A file named like one of ACP's own commands does not replace it.
        {
          name: 'help',
          description: 'Mine',
          source: '/repo/.claude/commands/help.md',
          scope: 'project',
        },
      ],
    });
    expect(offered.slice(-2)).toEqual([
      { name: 'review', description: 'Review a change', input: { hint: '<change>' } },
      { name: 'broken', description: 'cannot be used: its front matter is not valid YAML' },
    ]);
    expect(offered.filter((command) => command.name === 'help')).toHaveLength(1);
    // A custom command is a prompt: the agent expands it.
    expect(commandFor('/review 3')).toBeUndefined();
  });
});
