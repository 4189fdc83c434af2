import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Agent } from '../agent.js';
import { demoConfigureHint } from './demo-configure-hint.js';

describe('the demo model', () => {
  it('runs offline through the same loop: reasoning, a real LS call, and an answer from its result', async () => {
    const workdir = mkdtempSync(join(tmpdir(), 'wave-demo-'));
    writeFileSync(join(workdir, 'package.json'), '{}');
    mkdirSync(join(workdir, 'src'));
    // $WAVE_HOME away from ~/.wave: the advice names the file Wave reads, not the default.
    const waveHome = mkdtempSync(join(tmpdir(), 'wave-demo-home-'));
    const agent = await Agent.create({
      env: {},
      workdir,
      waveHome,
      persistSession: false,
      demo: { wordDelayMs: 0 },
    });
    expect(agent.provider.provider).toBe('demo');
    const types: string[] = [];
    agent.subscribe((event) => types.push(event.type));
    const result = await agent.sendMessage('hello');
    expect(result.stopReason).toBe('end_turn');
    expect(types).toContain('assistantReasoningUpdated');
    const tool = agent.messages.flatMap((m) => m.blocks).find((b) => b.type === 'tool');
    expect(tool).toMatchObject({ name: 'LS', stage: 'end' });
    const answer = agent.messages
      .at(-1)!
      .blocks.map((b) => (b.type === 'text' ? b.content : ''))
      .join('');
    expect(answer).toContain('`package.json`');
    expect(answer).toContain('`src/`');
    expect(answer).toContain(demoConfigureHint('terminal', join(waveHome, 'settings.json')));
    expect(answer).toContain(`set "provider" in ${join(waveHome, 'settings.json')}, then`);
    expect(answer).not.toContain('~/.wave');
    expect(
      agent.messages
        .flatMap((m) => m.blocks)
        .some((b) => b.type === 'text' && /offline demo model/.test(b.content)),
    ).toBe(true);
  });

  it('in an empty folder, says the folder is empty in one sentence', async () => {
    const workdir = mkdtempSync(join(tmpdir(), 'wave-demo-empty-'));
    const agent = await Agent.create({
      env: {},
      workdir,
      persistSession: false,
      demo: { wordDelayMs: 0 },
    });
    await agent.sendMessage('hello');
    const answer = agent.messages
      .at(-1)!
      .blocks.map((b) => (b.type === 'text' ? b.content : ''))
      .join('');
    expect(answer.split('\n')[0]).toBe('Your working directory is empty.');
    agent.destroy();
  });

  it('tells each host how to configure a real model in its own terms', async () => {
    const workdir = mkdtempSync(join(tmpdir(), 'wave-demo-'));
    const agent = await Agent.create({
      env: {},
      workdir,
      persistSession: false,
      demo: { wordDelayMs: 0, configureHint: demoConfigureHint('vscode', '/unused') },
    });
    await agent.sendMessage('hello');
    const answer = agent.messages
      .at(-1)!
      .blocks.map((b) => (b.type === 'text' ? b.content : ''))
      .join('');
    expect(answer).toContain('"wave.provider"');
    expect(answer).toContain('Wave: Set API Key…');
    expect(answer).not.toContain('WAVE_PROVIDER');
    expect(demoConfigureHint('terminal', '/srv/wave/settings.json')).toMatch(
      /WAVE_PROVIDER.* in \/srv\/wave\/settings\.json, then/,
    );
    expect(demoConfigureHint('desktop', '/srv/wave/settings.json')).toContain(
      "Wave's settings (/srv/wave/settings.json:",
    );
    expect(demoConfigureHint(undefined, '/x/settings.json')).toBe(
      demoConfigureHint('terminal', '/x/settings.json'),
    );
  });
});
