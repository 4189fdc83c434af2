// Subagent types from Markdown files, in the format Claude Code users already write: YAML front
// matter (name, description, tools, disallowedTools, model) and the body as instructions. The
// user's own live in $WAVE_HOME/agents and Claude Code's ~/.claude/agents; a folder's in
// .claude/agents and .wave/agents are the repository's words (ARCHITECTURE §2.13): they can narrow
// the tools (never widen them: a subagent only has what its parent has) but not choose the model,
// which stays the session's. Claude Code's other fields are named in a warning (README, "What
// Wave reads of a Claude Code setup"); `color` is only how Claude Code draws it, and is left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentType } from './agent-types.js';
import { errorText, errorCode } from '@wave-agent/shared-protocol';
import { listField, splitFrontMatter, textField } from '../context/front-matter.js';
import { BUILTIN_TOOL_NAMES } from '../tools/registry.js';
import { currentToolName } from '../tools/tool-aliases.js';

const MAX_FILE_CHARS = 40_000;
const MAX_FILES = 50;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The fields Wave reads, and Claude Code's that it reads past without acting on them. */
const HONOURED_FIELDS = new Set(['name', 'description', 'tools', 'disallowedTools', 'model']);
const UNSEEN_FIELDS = new Set(['color']);
const IGNORED_FIELDS = new Set([
  'permissionMode',
  'mcpServers',
  'hooks',
  'maxTurns',
  'skills',
  'memory',
  'background',
  'isolation',
]);
/** Claude Code's model aliases: Wave's models are configured names or model ids. */
const CLAUDE_MODEL_ALIASES = new Set(['sonnet', 'opus', 'haiku']);
/** Tools an agent file may name besides the built-in ones (old names count as their new ones). */
const KNOWN_TOOLS = new Set([...BUILTIN_TOOL_NAMES, 'Skill']);

/** A plugin's agents folder, and the plugin's name that prefixes its agents. */
export interface PluginAgentFolder {
  readonly folder: string;
  readonly namespace: string;
}

export interface LoadedAgentTypes {
  readonly types: readonly AgentType[];
  /** Files that were skipped, and why, as sentences. */
  readonly problems: readonly string[];
}

interface ParsedAgentFile {
  readonly type: AgentType;
  /** What the file says that this subagent does without, as sentences. */
  readonly warnings: readonly string[];
}

function parseAgentFile(
  path: string,
  text: string,
  fromProject: boolean,
): ParsedAgentFile | string {
  if (text.length > MAX_FILE_CHARS)
    return `${path} has ${text.length} characters; an agent file may have at most ${MAX_FILE_CHARS}, so it was skipped.`;
  const parsed = splitFrontMatter(text);
  if ('error' in parsed) return `${path} cannot be used: ${parsed.error}, so it was skipped.`;
  const { fields } = parsed;
  if (Object.keys(fields).length === 0)
    return `${path} has no front matter (--- name, description ---), so it was skipped.`;
  const name = textField(fields, 'name') ?? '';
  const description = textField(fields, 'description') ?? '';
  if (!NAME.test(name))
    return `${path}: "name" must be letters, digits, - or _ (at most 64), so it was skipped.`;
  if (description === '') return `${path}: "description" is missing, so it was skipped.`;
  const warnings: string[] = [];
  const toolList = (key: string): string[] | undefined => {
    const names = listField(fields, key);
    if (names === undefined || names.length === 0) return undefined;
    const unknown = names.filter(
      (tool) => !KNOWN_TOOLS.has(currentToolName(tool)) && !tool.startsWith('mcp__'),
    );
    if (unknown.length > 0)
      warnings.push(
        `${path}: "${key}" names ${unknown.join(', ')}, which Wave does not have; ${unknown.length === 1 ? 'it is' : 'they are'} ignored.`,
      );
    return names.map(currentToolName);
  };
  const tools = toolList('tools');
  const disallowedTools = toolList('disallowedTools');
  const model = textField(fields, 'model');
  let chosenModel: string | undefined;
  if (model !== undefined && model !== '' && model !== 'inherit') {
    if (fromProject)
      warnings.push(
        `${path} asks for the model "${model}"; a folder's agent file cannot choose the model (it is the repository's word), so this subagent uses the session's.`,
      );
    else if (CLAUDE_MODEL_ALIASES.has(model))
      warnings.push(
        `${path} asks for the model "${model}", Claude Code's alias; Wave's models are configured names or model ids, so this subagent uses the session's. Name one of your models to choose it.`,
      );
    else chosenModel = model;
  }
  const ignored = Object.keys(fields).filter(
    (key) => !HONOURED_FIELDS.has(key) && !UNSEEN_FIELDS.has(key),
  );
  if (ignored.length > 0)
    warnings.push(
      `${path}: Wave ignores ${ignored.map((key) => `"${key}"`).join(', ')} (${ignored.every((key) => IGNORED_FIELDS.has(key)) ? "Claude Code's, not supported here" : 'not fields of an agent file'}); the subagent runs without ${ignored.length === 1 ? 'it' : 'them'}.`,
    );
  const type: AgentType = {
    name,
    description,
    prompt: parsed.body.trim() || `You are the ${name} subagent. ${description}`,
    source: path,
    ...(tools !== undefined ? { tools } : {}),
    ...(disallowedTools !== undefined ? { disallowedTools } : {}),
    ...(chosenModel !== undefined ? { model: chosenModel } : {}),
  };
  return { type, warnings };
}

function readFolder(
  folder: string,
  fromProject: boolean,
  into: Map<string, AgentType>,
  problems: string[],
  namespace?: string,
) {
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => name.endsWith('.md'))
      .sort();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return; // No such folder: no agents from there.
    problems.push(
      `${folder} could not be read (${errorText(error)}), so no subagent types came from it.`,
    );
    return;
  }
  if (names.length > MAX_FILES)
    problems.push(
      `${folder} has ${names.length} agent files; only the first ${MAX_FILES} (by name) were read.`,
    );
  for (const file of names.slice(0, MAX_FILES)) {
    const path = join(folder, file);
    try {
      const parsed = parseAgentFile(path, readFileSync(path, 'utf8'), fromProject);
      if (typeof parsed === 'string') problems.push(parsed);
      else {
        problems.push(...parsed.warnings);
        // A plugin's agent is `plugin:name` (Claude Code's subagent type `feature-dev:code-explorer`).
        const type =
          namespace !== undefined
            ? { ...parsed.type, name: `${namespace}:${parsed.type.name}` }
            : parsed.type;
        into.set(type.name, type);
      }
    } catch (error) {
      problems.push(`${path} could not be read (${errorText(error)}), so it was skipped.`);
    }
  }
}

/**
 * The user-defined subagent types, weakest first: the folder's (`.claude/agents`, then Wave's
 * `.wave/agents`), then the user's (`~/.claude/agents` when that folder is read, then
 * `$WAVE_HOME/agents`). A later one wins a name: the user's over a folder's, Wave's over Claude
 * Code's. Built-in names are not replaced.
 */
export function loadAgentTypes(
  workdir: string,
  waveHome: string,
  builtin: readonly string[],
  claudeHome?: string,
  plugins: readonly PluginAgentFolder[] = [],
): LoadedAgentTypes {
  const byName = new Map<string, AgentType>();
  const problems: string[] = [];
  readFolder(join(workdir, '.claude', 'agents'), true, byName, problems);
  readFolder(join(workdir, '.wave', 'agents'), true, byName, problems);
  if (claudeHome !== undefined) readFolder(join(claudeHome, 'agents'), false, byName, problems);
  readFolder(join(waveHome, 'agents'), false, byName, problems);
  // Plugins' agents are named apart (`plugin:name`); what turned a plugin on is the user's word
  // (installed) or the user's trust of the folder, so its agents choose their model.
  for (const plugin of plugins)
    readFolder(plugin.folder, false, byName, problems, plugin.namespace);
  for (const name of builtin) byName.delete(name);
  return { types: [...byName.values()], problems };
}
