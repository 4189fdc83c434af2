// The model's questions and plans in the chat UI, against a real agent (`wave web`) and
// tools/mock-llm, in real Chromium: AskUserQuestion as a form (a choice, several choices, an
// answer typed), still there after a reload and answered from a second window, after which the
// first window's form goes away; ExitPlanMode's plan drawn as Markdown, approved (the mode
// changes in every window) or sent back with a note (plan mode stays).
import { CHECKS_QUESTION, DATABASE_QUESTION } from '@wave-agent/mock-llm';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { openChat, send, waitForText, waitUntilReady } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { openPage } from '../harness/chromium.js';
import { lastToolResults } from '../harness/llm-requests.js';

const fx = useChatFixture({ page: { width: 1000, height: 900 } });

const QUESTIONS = [DATABASE_QUESTION, CHECKS_QUESTION];

function asking(prompt: string): Scenario {
  return {
    name: 'asks',
    turns: [
      {
        match: { lastToolResultContains: 'answered' },
        reply: [{ type: 'text', text: 'Thanks, noted.' }],
      },
      {
        match: { lastUserContains: prompt },
        reply: [{ type: 'tool_call', name: 'AskUserQuestion', input: { questions: QUESTIONS } }],
      },
    ],
  };
}

function planning(prompt: string, plan: string): Scenario {
  return {
    name: 'plans',
    turns: [
      {
        match: { lastToolResultContains: 'approved your plan' },
        reply: [{ type: 'text', text: 'Plan answered.' }],
      },
      {
        match: { lastToolResultContains: 'the user said' },
        reply: [{ type: 'text', text: 'Plan answered.' }],
      },
      {
        match: { lastUserContains: prompt },
        reply: [{ type: 'tool_call', name: 'ExitPlanMode', input: { plan } }],
      },
    ],
  };
}

describe('the model asks, in the chat UI', () => {
  it('a form that survives a reload and is answered once, from a second window', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(asking('pick a stack'));
    await send(page, 'pick a stack');
    const form = page.getByRole('dialog');
    await form.waitFor({ timeout: 30_000 });
    expect(await form.textContent()).toContain('Which database?');
    await page.reload();
    await form.waitFor({ timeout: 30_000 });
    expect(await form.textContent()).toContain('One file, no server');

    const second = await openPage(fx.browser);
    await openChat(second.page, fx.web.url);
    const there = second.page.getByRole('dialog');
    await there.waitFor({ timeout: 30_000 });
    await there.getByRole('radio', { name: /Postgres/ }).check();
    await there.getByRole('checkbox', { name: /Lint/ }).check();
    await there.getByRole('checkbox', { name: /Tests/ }).check();
    await there.getByRole('button', { name: 'Answer', exact: true }).click();
    // Answered there: the first window's form goes away too.
    await waitForText(page, (text) => text === 'Thanks, noted.', 'the reply after the answer');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(lastToolResults(fx.llm)).toContain(
      'Your questions have been answered: "Which database?"="Postgres", "Which checks?"="Lint, Tests". You can now continue with these answers in mind.',
    );
    await second.context.close();
    await waitUntilReady(page);
  });

  it('takes an answer typed instead of a choice', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(asking('choose storage'));
    await send(page, 'choose storage');
    const form = page.getByRole('dialog');
    await form.waitFor({ timeout: 30_000 });
    const other = form.getByRole('textbox', { name: 'Type something else' });
    await other.first().fill('flat JSON files');
    await form.getByRole('checkbox', { name: /Types/ }).check();
    await form.getByRole('button', { name: 'Answer', exact: true }).click();
    await waitForText(page, (text) => text === 'Thanks, noted.', 'the reply after the answer');
    expect(lastToolResults(fx.llm)).toContain(
      '"Which database?"="flat JSON files", "Which checks?"="Types"',
    );
    await waitUntilReady(page);
  });

  it('a plan as Markdown: approved, the mode changes; sent back with a note, plan mode stays', async () => {
    const { page } = fx.tab;
    await send(page, '/plan');
    await page.getByText('Plan mode: the model reads').first().waitFor({ timeout: 30_000 });
    fx.llm.setScenario(planning('plan the route', '# Route plan\n\n1. **Write** the handler'));
    await send(page, 'plan the route');
    const form = page.getByRole('dialog');
    await form.waitFor({ timeout: 30_000 });
    // Drawn as Markdown: a heading and bold text, not their marks.
    expect(await form.locator('.plan-block h1').textContent()).toBe('Route plan');
    expect(await form.locator('.plan-block strong').textContent()).toBe('Write');
    await form.getByRole('textbox').fill('add tests first');
    await form.getByRole('button', { name: 'No, keep planning' }).click();
    await waitForText(page, (text) => text === 'Plan answered.', 'the reply after keep planning');
    expect(lastToolResults(fx.llm)).toContain('the user said:\nadd tests first');
    await waitUntilReady(page);
    const mode = page.getByRole('combobox', { name: 'Permission mode' });
    expect(await mode.inputValue()).toBe('plan');

    fx.llm.setScenario(planning('plan again', '- one step'));
    await send(page, 'plan again');
    await form.waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Yes, and auto-accept edits' }).click();
    await waitForText(page, (text) => text === 'Plan answered.', 'the reply after approval');
    expect(lastToolResults(fx.llm)).toContain('User has approved your plan.');
    await waitUntilReady(page);
    expect(await mode.inputValue()).toBe('acceptEdits');
    expect(fx.tab.errors).toEqual([]);
  });
});
