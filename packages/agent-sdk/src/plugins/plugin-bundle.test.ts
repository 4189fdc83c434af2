// A plugin folder in Claude Code's layout, read as a bundle and given to a real Agent (over
// tools/mock-llm): its MCP server starts with the plugin's variables written out and set, its
// skills are named plugin:name, and the manifest's paths stay inside the plugin's folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { notesStdioConfig } from '../mcp/test-support/mcp-test-configs.js';
import { readPluginBundle } from './plugin-bundle.js';

let harness: Harness | undefined;
const temps: string[] = [];

afterEach(async () => {
  await harness?.agent.close();
  await harness?.dispose();
  harness = undefined;
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wave-plugin-'));
  temps.push(dir);
  return dir;
}

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function notekeeper(): string {
  const root = folder();
  write(
    root,
    '.claude-plugin/plugin.json',
    JSON.stringify({ name: 'notekeeper', version: '1.0.0' }),
  );
  const server = notesStdioConfig({ NOTES_DIR: '${CLAUDE_PLUGIN_DATA}/notes' });
  write(root, '.mcp.json', JSON.stringify({ mcpServers: { notes: server } }));
  write(
    root,
    'skills/remember/SKILL.md',
    '---\nname: remember\ndescription: Remember a note\n---\nREMEMBER-BODY',
  );
  return root;
}

describe('a plugin bundle', () => {
  it(
    'starts its MCP server as plugin_<plugin>_<server> with ${CLAUDE_PLUGIN_DATA} written out, and names its skills plugin:name',
    { timeout: 60_000 },
    async () => {
      const root = notekeeper();
      const dataDir = join(folder(), 'data');
      const read = readPluginBundle({ root, marketplace: 'local', dataDir, scope: 'user' });
      expect(read.problems).toStrictEqual([]);
      const tool = 'mcp__plugin_notekeeper_notes__show_env';
      const scenario: Scenario = {
        name: 'plugin server',
        turns: [
          { match: { turnIndex: 0 }, reply: [{ type: 'tool_call', name: tool, input: {} }] },
          {
            match: { lastToolResultContains: 'NOTES_DIR' },
            reply: [{ type: 'text', text: 'Ok.' }],
          },
        ],
      };
      harness = await startHarness('openai', scenario, {
        plugins: [read.bundle!],
        allowedTools: [tool],
      });
      await harness.agent.sendMessage('show');
      expect(JSON.stringify(harness.mock.requests[1]?.body)).toContain(
        JSON.stringify(`{"NOTES_DIR":"${dataDir}/notes"`).slice(1, -1),
      );
      expect(harness.agent.sessionState.context?.skills.map((skill) => skill.name)).toContain(
        'notekeeper:remember',
      );
    },
  );

  it('refuses manifest paths outside the plugin and says so; a bad name is no plugin', () => {
    const root = folder();
    write(
      root,
      '.claude-plugin/plugin.json',
      JSON.stringify({
        name: 'stray',
        commands: ['./more', '../../etc'],
        hooks: '/etc/hooks.json',
      }),
    );
    const read = readPluginBundle({
      root,
      marketplace: 'm',
      dataDir: join(root, 'd'),
      scope: 'user',
    });
    expect(read.bundle?.id).toBe('stray@m');
    expect(read.problems).toHaveLength(2);
    expect(read.problems.join('\n')).toContain(
      '"commands" names ../../etc, outside the plugin\'s folder',
    );
    expect(read.problems.join('\n')).toContain('"hooks" names /etc/hooks.json');
    write(root, '.claude-plugin/plugin.json', JSON.stringify({ name: 'Not A Name' }));
    const bad = readPluginBundle({
      root,
      marketplace: 'm',
      dataDir: join(root, 'd'),
      scope: 'user',
    });
    expect(bad.bundle).toBeUndefined();
    expect(bad.problems[0]).toContain('"name" must be lower-case letters');
  });

  it('writes ${CLAUDE_PLUGIN_ROOT} into its hooks and keeps both variables for their environment', () => {
    const root = folder();
    write(root, '.claude-plugin/plugin.json', JSON.stringify({ name: 'hooky' }));
    write(
      root,
      'hooks/hooks.json',
      JSON.stringify({
        hooks: {
          Stop: [{ hooks: [{ type: 'command', command: 'sh ${CLAUDE_PLUGIN_ROOT}/stop.sh' }] }],
        },
      }),
    );
    const dataDir = join(root, 'data');
    const { bundle } = readPluginBundle({ root, marketplace: 'm', dataDir, scope: 'project' });
    expect(bundle?.hooks).toStrictEqual({
      Stop: [{ hooks: [{ type: 'command', command: `sh ${root}/stop.sh` }] }],
    });
    expect(bundle?.env).toStrictEqual({ CLAUDE_PLUGIN_ROOT: root, CLAUDE_PLUGIN_DATA: dataDir });
  });
});
