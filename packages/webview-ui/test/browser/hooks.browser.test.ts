// Hooks in the chat UI, against a real agent (`wave web`) and tools/mock-llm, in real Chromium:
// a tool's hook run shows inside its card (here a PreToolUse hook that blocks Bash), any other
// hook run is a line of its own (UserPromptSubmit), a reload (a pull) shows them again, and
// /hooks lists the hooks in force with their file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { send, waitUntilReady } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { tempDir } from '../harness/wave-web-process.js';

const RUN_BASH: Scenario = {
  name: 'run a command',
  turns: [
    { reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'echo from-the-model' } }] },
    { reply: [{ type: 'text', text: 'Done.' }] },
  ],
};

const fx = useChatFixture({
  scenario: RUN_BASH,
  // The user's own hooks ($WAVE_HOME/settings.json): no trust question.
  web: () => {
    const waveHome = tempDir('hooks-home');
    writeFileSync(
      join(waveHome, 'settings.json'),
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [
            { hooks: [{ type: 'command', command: 'echo "the branch is main"' }] },
          ],
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: 'echo "no commands today" >&2; exit 2' }],
            },
          ],
        },
      }),
    );
    return { waveHome, args: ['--permission-mode', 'bypassPermissions'] };
  },
  page: { width: 420, height: 900 },
});

describe('hooks in the chat UI', () => {
  it("shows a tool's hook in its card and another hook as its own line, and again after a reload", async () => {
    const { page } = fx.tab;
    await send(page, 'run it');
    const card = page.locator('[data-tool-name="Bash"]');
    const blocked = card.locator(
      '.block-note[data-hook-event="PreToolUse"][data-outcome="blocked"]',
    );
    await blocked.waitFor({ timeout: 30_000 });
    expect(await blocked.locator('summary').innerText()).toContain(
      'PreToolUse hook echo "no commands today" >&2; exit 2: blocked — Blocked: no commands today',
    );
    await expect
      .poll(() => card.locator('.tool-error').innerText())
      .toContain('A PreToolUse hook blocked this call: no commands today');
    const prompt = page.locator('.block-note[data-hook-event="UserPromptSubmit"]');
    expect(await prompt.locator('summary').innerText()).toContain('UserPromptSubmit hook');
    await prompt.locator('summary').click();
    // What the model was told, under its label (the hook's output is a part of its own).
    await prompt.locator('.view-text', { hasText: 'the branch is main' }).waitFor();
    expect(await prompt.locator('.view-part-label').allInnerTexts()).toContain('told the model');
    await waitUntilReady(page);

    await page.reload();
    await waitUntilReady(page);
    await page
      .locator('[data-tool-name="Bash"] .block-note[data-outcome="blocked"]')
      .waitFor({ timeout: 30_000 });
    expect(await page.locator('.block-note[data-hook-event="UserPromptSubmit"]').count()).toBe(1);

    // /hooks: the hooks in force, under the file they come from.
    await send(page, '/hooks');
    const listed = page.getByText('Hooks in force:');
    await listed.waitFor({ timeout: 10_000 });
    const text = await page.locator('body').innerText();
    expect(text).toContain(`${join(fx.web.waveHome, 'settings.json')}`);
    expect(text).toContain(
      'PreToolUse [Bash] (timeout 60 s): echo "no commands today" >&2; exit 2',
    );
    expect(text).toContain('UserPromptSubmit (timeout 60 s): echo "the branch is main"');
  });
});
