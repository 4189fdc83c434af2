// /add-dir in the real `wave` terminal UI (a pseudo-terminal) against tools/mock-llm: a folder
// outside the work folder is read only after a question, until /add-dir makes it a work folder
// for the session; a path that is not a folder is refused with a sentence.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { tempDir } from './wave-process.js';

const fx = useE2eFixture();

describe('/add-dir in the terminal UI', { timeout: 90_000 }, () => {
  it('refuses what is not a folder, then makes a folder a work folder: reading it asks no more', async () => {
    const shared = tempDir('shared');
    try {
      const notes = join(shared.path, 'notes.txt');
      writeFileSync(notes, 'shared notes\n');
      fx.mock = await startMock({
        name: 'read outside',
        turns: [
          {
            match: { turnIndex: 0 },
            reply: [{ type: 'tool_call', name: 'Read', input: { file_path: notes } }],
          },
          { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Read the notes.' }] },
        ],
      });
      const wave = await startWaveTerminal({
        env: providerEnv('openai', fx.mock.url),
        waveHome: fx.home.path,
        cwd: fx.work.path,
        rows: 40,
        cols: 200,
      });
      fx.terminal = wave;
      await wave.submit(`/add-dir ${notes}`);
      await wave.waitFor(`${notes} is a file, not a folder`, 15_000, 'the refusal of a file');
      await wave.submit('/add-dir no-such-folder');
      await wave.waitFor(
        `There is no folder ${join(fx.work.path, 'no-such-folder')}`,
        15_000,
        'the refusal of a missing path',
      );
      await wave.submit(`/add-dir ${shared.path}`);
      await wave.waitFor(`Added ${shared.path} as a work folder`, 15_000, 'the added folder');
      await wave.submit('read the shared notes');
      await waitForTurnEnd(wave, (all) => all.includes('Read the notes.'));
      // The Read outside the first work folder ran without a question: no key was pressed, so a
      // question would have held the turn and "Read the notes." could not have arrived.
      expect(wave.screen()).not.toContain('Permission needed');
    } finally {
      shared.remove();
    }
  });
});
