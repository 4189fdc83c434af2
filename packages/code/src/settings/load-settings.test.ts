import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from './load-settings.js';
import { projectRequests, trustedSettings } from './project-trust.js';

let root: string;
let waveHome: string;
let workdir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wave-settings-'));
  waveHome = join(root, 'home');
  workdir = join(root, 'project');
  mkdirSync(waveHome, { recursive: true });
  mkdirSync(join(workdir, '.wave'), { recursive: true });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const userFile = () => join(waveHome, 'settings.json');

/** The settings Wave would use with every request of the project trusted. */
function settingsAllTrusted() {
  const loaded = loadSettings({ waveHome, workdir });
  return {
    settings: trustedSettings(loaded, projectRequests(loaded, { env: {} }), { env: {} }),
    warnings: loaded.warnings,
  };
}
const projectFile = () => join(workdir, '.wave', 'settings.json');

describe("loadSettings with the user's ~/.claude", () => {
  const claudeHome = () => join(root, 'dot-claude');
  const claudeFile = (value: unknown) => {
    mkdirSync(claudeHome(), { recursive: true });
    writeFileSync(join(claudeHome(), 'settings.json'), JSON.stringify(value));
  };

  it("reads its permissions and hooks first, as the user's (no trust asked), and says where", () => {
    claudeFile({ permissions: { allow: ['Bash(ls:*)'] }, hooks: { Stop: [] }, theme: 'dark' });
    const loaded = loadSettings({ waveHome, workdir, claudeHome: claudeHome() });
    expect(loaded.claudeHome).toBe(claudeHome());
    expect(loaded.permissions.map((section) => [section.kind, section.file])).toEqual([
      ['claude-user', join(claudeHome(), 'settings.json')],
    ]);
    expect(loaded.hooks.map((section) => section.kind)).toEqual(['claude-user']);
    expect(loaded.warnings).toEqual([]);
    expect(projectRequests(loaded, { env: {} })).toEqual([]);
  });

  it('reads nothing of it when the user says "readClaudeHome": false; a project cannot say so', () => {
    claudeFile({ permissions: { allow: ['Bash(ls:*)'] } });
    writeFileSync(userFile(), JSON.stringify({ readClaudeHome: false }));
    writeFileSync(projectFile(), JSON.stringify({ readClaudeHome: true }));
    const loaded = loadSettings({ waveHome, workdir, claudeHome: claudeHome() });
    expect(loaded.claudeHome).toBeUndefined();
    expect(loaded.permissions).toEqual([]);
    expect(loaded.warnings).toEqual([
      expect.stringContaining(`ignoring "readClaudeHome" at ${projectFile()}`),
    ]);
  });

  it("reads ~/.claude/settings.json once, as the user's, when the work folder is the home folder", () => {
    const homeDir = join(root, 'me');
    mkdirSync(join(homeDir, '.claude'), { recursive: true });
    writeFileSync(
      join(homeDir, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { allow: ['Read'] } }),
    );
    const loaded = loadSettings({
      waveHome,
      workdir: homeDir,
      claudeHome: join(homeDir, '.claude'),
    });
    expect(loaded.permissions.map((section) => section.kind)).toEqual(['claude-user']);
  });
});

describe('loadSettings', () => {
  it('has no settings and no warnings when neither file exists', () => {
    expect(settingsAllTrusted()).toEqual({ settings: {}, warnings: [] });
  });

  it('lets the project file override the user file key by key, and adds up allowedTools', () => {
    writeFileSync(
      userFile(),
      JSON.stringify({
        provider: 'anthropic',
        model: 'user-model',
        apiKey: 'user-key',
        permissionMode: 'plan',
        allowedTools: ['Read', 'LS'],
      }),
    );
    writeFileSync(
      projectFile(),
      JSON.stringify({ model: 'project-model', baseURL: 'http://p', allowedTools: ['Bash', 'LS'] }),
    );
    expect(settingsAllTrusted()).toEqual({
      settings: {
        provider: 'anthropic',
        model: 'project-model',
        baseURL: 'http://p',
        apiKey: 'user-key',
        permissionMode: 'plan',
        allowedTools: ['Read', 'LS', 'Bash'],
      },
      warnings: [],
    });
  });

  it('ignores an API key in a project file and says where to put it', () => {
    writeFileSync(projectFile(), '{\n  "model": "m",\n  "apiKey": "leaked"\n}\n');
    const loaded = settingsAllTrusted();
    expect(loaded.settings).toEqual({ model: 'm' });
    expect(loaded.warnings).toEqual([
      `ignoring "apiKey" at ${projectFile()}:3:3: a project file may be committed, so Wave never reads a key from it. Move it to ${userFile()} or set WAVE_API_KEY.`,
    ]);
  });

  it("takes webSearch from the user's file only: a project's would choose where queries go", () => {
    const searx = { provider: 'searxng', url: 'http://localhost:8888' };
    writeFileSync(userFile(), JSON.stringify({ webSearch: searx }));
    writeFileSync(
      projectFile(),
      '{\n  "webSearch": { "provider": "searxng", "url": "https://collector.example" }\n}\n',
    );
    const loaded = settingsAllTrusted();
    expect(loaded.settings).toEqual({ webSearch: searx });
    expect(loaded.warnings).toEqual([
      `ignoring "webSearch" at ${projectFile()}:2:3: a project file may be committed, and where your searches (and a key) go is yours to say. Move it to ${userFile()}.`,
    ]);
  });

  it('reads comments and trailing commas, as Claude Code and VS Code settings files allow', () => {
    writeFileSync(projectFile(), '{\n  // the team\'s model\n  "model": "m",\n}\n');
    expect(settingsAllTrusted()).toEqual({ settings: { model: 'm' }, warnings: [] });
  });

  it('reports bad JSON with path, line and column, and keeps the other file', () => {
    writeFileSync(userFile(), JSON.stringify({ model: 'user-model' }));
    writeFileSync(projectFile(), '{\n  "model": "m"\n  "provider": "openai"\n}\n');
    const loaded = settingsAllTrusted();
    expect(loaded.settings).toEqual({ model: 'user-model' });
    expect(loaded.warnings).toEqual([
      `ignoring ${projectFile()}:3:3: not valid JSON (comma expected). Fix the file; Wave started without it.`,
    ]);
  });

  it('reports a broken word at the column where it starts', () => {
    writeFileSync(userFile(), '{\n  "model": tru\n}');
    expect(loadSettings({ waveHome, workdir }).warnings[0]).toBe(
      `ignoring ${userFile()}:2:12: not valid JSON (invalid symbol). Fix the file; Wave started without it.`,
    );
  });

  it('reports a value of the wrong type at its key, and ignores that file', () => {
    writeFileSync(userFile(), '{\n  "provider": "openai",\n  "allowedTools": "Bash"\n}');
    const loaded = settingsAllTrusted();
    expect(loaded.settings).toEqual({});
    expect(loaded.warnings).toEqual([
      `ignoring ${userFile()}:3:3: "allowedTools": Invalid input: expected array, received string. Fix the file; Wave started without it.`,
    ]);
  });

  it('reports an unknown provider or permission mode as a wrong value', () => {
    writeFileSync(userFile(), '{"provider": "gemini"}');
    writeFileSync(projectFile(), '{"permissionMode": "yolo"}');
    const warnings = loadSettings({ waveHome, workdir }).warnings;
    expect(warnings[0]).toMatch(
      /^ignoring .+:1:2: "provider": Invalid option: expected one of "anthropic"\|"openai"\|"google"\|"vertex"\|"demo"\./,
    );
    expect(warnings[1]).toMatch(/^ignoring .+:1:2: "permissionMode": Invalid option/);
  });

  it('reports a file that is not an object, and names unknown keys', () => {
    writeFileSync(userFile(), '["model"]');
    writeFileSync(projectFile(), '{"modle": "x", "model": "y"}');
    const loaded = settingsAllTrusted();
    expect(loaded.settings).toEqual({ model: 'y' });
    expect(loaded.warnings).toEqual([
      `ignoring ${userFile()}:1:1: it must hold one JSON object, like {"model": "claude-sonnet-4-5"}. Fix the file; Wave started without it.`,
      `unknown setting "modle" at ${projectFile()}:1:2 is ignored. Known settings: provider, model, baseURL, apiKey, permissionMode, effort, effortLevel, alwaysThinkingEnabled, allowedTools, models, defaultModel, modelFor, mcpServers, sandbox, webSearch, readClaudeHome, preferredNotifChannel, permissions, hooks, env, enableAllProjectMcpServers, enabledMcpjsonServers, disabledMcpjsonServers, statusLine, apiKeyHelper, enabledPlugins, extraKnownMarketplaces.`,
    ]);
  });

  it('reads ~/.wave/settings.json once, as the user file, when working in the home directory', () => {
    const home = join(root, 'me');
    mkdirSync(join(home, '.wave'), { recursive: true });
    writeFileSync(join(home, '.wave', 'settings.json'), JSON.stringify({ apiKey: 'mine' }));
    expect(loadSettings({ waveHome: join(home, '.wave'), workdir: home })).toMatchObject({
      user: { apiKey: 'mine' },
      project: {},
      warnings: [],
    });
  });

  it('reads the user’s MCP servers entry by entry, and a project’s from .mcp.json only', () => {
    writeFileSync(
      userFile(),
      JSON.stringify({
        model: 'm',
        mcpServers: { mine: { command: 'my-server' }, broken: { type: 'http', url: 'not a url' } },
      }),
    );
    writeFileSync(projectFile(), JSON.stringify({ mcpServers: { sneaky: { command: 'x' } } }));
    writeFileSync(
      join(workdir, '.mcp.json'),
      JSON.stringify({ mcpServers: { notes: { command: 'node', args: ['notes.mjs'] } } }),
    );
    const loaded = loadSettings({ waveHome, workdir });
    expect(loaded.user).toEqual({ model: 'm', mcpServers: { mine: { command: 'my-server' } } });
    expect(loaded.project).toEqual({});
    expect(loaded.projectMcp).toEqual({
      path: join(workdir, '.mcp.json'),
      servers: { notes: { command: 'node', args: ['notes.mjs'] } },
    });
    expect(loaded.warnings).toEqual([
      `ignoring the MCP server "broken" in ${userFile()}:1:14: a "http" server needs "url" (a full URL such as https://example.com/mcp), and "headers" as strings.`,
      `ignoring "mcpServers" at ${projectFile()}:1:2: a project's MCP servers go in ${join(workdir, '.mcp.json')}, as in Claude Code.`,
    ]);
  });

  it('treats an empty file as no settings', () => {
    writeFileSync(userFile(), '  \n');
    expect(settingsAllTrusted()).toEqual({ settings: {}, warnings: [] });
  });
});

describe('permissions and hooks of every settings file', () => {
  it('keeps each file’s permissions and hooks with the file, weakest first, and where each rule is', () => {
    mkdirSync(join(workdir, '.claude'), { recursive: true });
    const hook = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] };
    writeFileSync(userFile(), JSON.stringify({ permissions: { deny: ['Bash(rm:*)'] } }));
    writeFileSync(
      join(workdir, '.claude', 'settings.json'),
      // Claude Code's other settings are Claude Code's: not read, not warned about.
      '{\n  "model": "opus", // theirs\n  "permissions": {"allow": ["Read", "Bash(ls)",]},\n  "hooks": ' +
        JSON.stringify(hook) +
        '\n}',
    );
    writeFileSync(projectFile(), JSON.stringify({ permissions: { ask: ['Edit'] } }));
    writeFileSync(
      join(workdir, '.claude', 'settings.local.json'),
      JSON.stringify({ hooks: { Stop: [] } }),
    );
    writeFileSync(
      join(workdir, '.wave', 'settings.local.json'),
      JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, model: 'nope' }),
    );
    const loaded = loadSettings({ waveHome, workdir });
    const claude = join(workdir, '.claude', 'settings.json');
    const local = join(workdir, '.wave', 'settings.local.json');
    expect(loaded.permissions.map(({ file, kind, value }) => ({ file, kind, value }))).toEqual([
      { file: userFile(), kind: 'user', value: { deny: ['Bash(rm:*)'] } },
      { file: claude, kind: 'claude-project', value: { allow: ['Read', 'Bash(ls)'] } },
      { file: projectFile(), kind: 'project', value: { ask: ['Edit'] } },
      { file: local, kind: 'local', value: { allow: ['Bash(npm test)'] } },
    ]);
    expect(loaded.hooks.map(({ file, value }) => ({ file, value }))).toEqual([
      { file: claude, value: hook },
      { file: join(workdir, '.claude', 'settings.local.json'), value: { Stop: [] } },
    ]);
    expect(loaded.permissions[1]?.locate('permissions.allow', 1)).toBe(`${claude}:3:37`);
    expect(loaded.permissions[1]?.baseDir).toBe(workdir);
    expect(loaded.warnings).toEqual([
      `"model" at ${local}:1:45 is ignored: ${local} holds only "permissions", "hooks", "env", the .mcp.json approval keys and the plugin keys. Put other settings in .wave/settings.json.`,
    ]);
  });

  it('reports a broken Claude Code file at its line and column and keeps the others', () => {
    mkdirSync(join(workdir, '.claude'), { recursive: true });
    const claude = join(workdir, '.claude', 'settings.json');
    writeFileSync(claude, '{\n  "permissions": {"allow": ["Read"]\n');
    writeFileSync(userFile(), JSON.stringify({ permissions: { allow: ['LS'] } }));
    const loaded = loadSettings({ waveHome, workdir });
    expect(loaded.permissions.map((section) => section.file)).toEqual([userFile()]);
    expect(loaded.warnings).toEqual([
      `ignoring ${claude}:3:1: not valid JSON (close brace expected). Fix the file; Wave started without its rules and hooks.`,
    ]);
  });

  it('knows every tool a session may have: rules naming Skill and Task are not warned about', () => {
    mkdirSync(join(workdir, '.claude'), { recursive: true });
    writeFileSync(
      join(workdir, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { allow: ['Skill(deploy)', 'Task'], deny: ['Skill'] } }),
    );
    const loaded = loadSettings({ waveHome, workdir });
    expect(loaded.permissions[0]?.value).toEqual({
      allow: ['Skill(deploy)', 'Task'],
      deny: ['Skill'],
    });
    expect(loaded.warnings).toEqual([]);
  });
});
