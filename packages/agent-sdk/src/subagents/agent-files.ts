// Subagent types from Markdown files, in the format Claude Code users already write: front matter
// (name, description, tools, model) and the body as instructions. The user's own live in
// $WAVE_HOME/agents; a folder's in .wave/agents are the repository's words (ARCHITECTURE §2.13): they
// can narrow the tools (never widen them: a subagent only has what its parent has) but not
// choose the model, which stays the session's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentType } from './agent-types.js';
import { errorText, errorCode } from '@wave-agent/shared-protocol';

const MAX_FILE_CHARS = 40_000;
const MAX_FILES = 50;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface LoadedAgentTypes {
  readonly types: readonly AgentType[];
  /** Files that were skipped, and why, as sentences. */
  readonly problems: readonly string[];
}

/** `key: value` lines between `---` fences; lists as `a, b` or `[a, b]`. */
function frontMatter(text: string): { fields: Map<string, string>; body: string } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return undefined;
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field?.[1]) fields.set(field[1].toLowerCase(), unquote((field[2] ?? '').trim()));
  }
  return { fields, body: (match[2] ?? '').trim() };
}

function unquote(value: string): string {
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
}

function listOf(value: string): string[] {
  return value
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((item) => unquote(item.trim()))
    .filter((item) => item !== '');
}

interface ParsedAgentFile {
  readonly type: AgentType;
  /** The model a folder's file asked for, which it may not choose. */
  readonly ignoredModel?: string;
}

function parseAgentFile(
  path: string,
  text: string,
  fromProject: boolean,
): ParsedAgentFile | string {
  const parsed = frontMatter(text.slice(0, MAX_FILE_CHARS));
  if (!parsed) return `${path} has no front matter (--- name, description ---), so it was skipped.`;
  const name = parsed.fields.get('name') ?? '';
  const description = parsed.fields.get('description') ?? '';
  if (!NAME.test(name))
    return `${path}: "name" must be letters, digits, - or _ (at most 64), so it was skipped.`;
  if (description === '') return `${path}: "description" is missing, so it was skipped.`;
  const tools = parsed.fields.get('tools');
  const model = parsed.fields.get('model');
  const wantsModel = model !== undefined && model !== '' && model !== 'inherit';
  const type: AgentType = {
    name,
    description,
    prompt: parsed.body || `You are the ${name} subagent. ${description}`,
    source: path,
    ...(tools !== undefined && tools !== '' ? { tools: listOf(tools) } : {}),
    ...(wantsModel && !fromProject ? { model } : {}),
  };
  return wantsModel && fromProject ? { type, ignoredModel: model } : { type };
}

function readFolder(
  folder: string,
  fromProject: boolean,
  into: Map<string, AgentType>,
  problems: string[],
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
        if (parsed.ignoredModel !== undefined)
          problems.push(
            `${path} asks for the model "${parsed.ignoredModel}"; a folder's agent file cannot choose the model (it is the repository's word), so this subagent uses the session's.`,
          );
        into.set(parsed.type.name, parsed.type);
      }
    } catch (error) {
      problems.push(`${path} could not be read (${errorText(error)}), so it was skipped.`);
    }
  }
}

/**
 * The user-defined subagent types: the folder's, then the user's (a user's type wins over a
 * folder's of the same name). Built-in names are not replaced.
 */
export function loadAgentTypes(
  workdir: string,
  waveHome: string,
  builtin: readonly string[],
): LoadedAgentTypes {
  const byName = new Map<string, AgentType>();
  const problems: string[] = [];
  readFolder(join(workdir, '.wave', 'agents'), true, byName, problems);
  readFolder(join(waveHome, 'agents'), false, byName, problems);
  for (const name of builtin) byName.delete(name);
  return { types: [...byName.values()], problems };
}
