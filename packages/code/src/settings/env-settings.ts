// The `env` key of the settings files (Claude Code's, and Wave's twins): variables for the
// programs Wave starts — commands, hooks and MCP servers — never for Wave itself, so never where
// the model's key goes. The user's files (~/.claude/settings.json, $WAVE_HOME/settings.json) are
// the user's word; a project's variable is the repository's, and is set only once the user
// trusts it (one request per variable, keyed by a digest of file, name and value, so a changed
// value is asked about again). A name that holds a key (Wave's and the providers', `…_API_KEY`,
// `…_AUTH_TOKEN`) is never set from a file; a bad name or value is said and left out. Later files
// win a name: a project's over the user's, Wave's over Claude Code's twin.
import { createHash } from 'node:crypto';
import { isCredentialVariable, isProjectSection } from '@wave-agent/agent-sdk';
import type { ProjectRequest, SettingsSection } from '@wave-agent/agent-sdk';
import { isRecord } from '@wave-agent/shared-protocol';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_VARIABLES = 100;
const MAX_VALUE_CHARS = 10_000;
const SETTING_PREFIX = 'env.';

interface Variable {
  readonly name: string;
  readonly value: string;
}

/** The well-formed variables of one file's `env`, and what was wrong with the others. */
function variablesOf(section: SettingsSection, problems?: string[]): Variable[] {
  const say = (text: string) => problems?.push(text);
  if (!isRecord(section.value)) {
    say(
      `"env" at ${section.locate('env')} is ignored: it must be an object of names and values, like {"NODE_ENV": "test"}.`,
    );
    return [];
  }
  const entries = Object.entries(section.value);
  if (entries.length > MAX_VARIABLES)
    say(
      `"env" at ${section.locate('env')} has ${entries.length} variables; only the first ${MAX_VARIABLES} are set.`,
    );
  const found: Variable[] = [];
  for (const [name, raw] of entries.slice(0, MAX_VARIABLES)) {
    const where = section.locate(`env.${name}`);
    if (!NAME.test(name)) {
      say(
        `"env.${name}" at ${where} is ignored: a variable's name is letters, digits and _, not starting with a digit.`,
      );
      continue;
    }
    if (isCredentialVariable(name)) {
      say(
        `"env.${name}" at ${where} is ignored: ${name} holds a key, and Wave never takes a key from the env of a settings file. Set it in your shell, or give the key with "apiKey" in your own settings.`,
      );
      continue;
    }
    const value =
      typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
        ? String(raw)
        : undefined;
    if (value === undefined || value.length > MAX_VALUE_CHARS || value.includes('\0')) {
      say(
        `"env.${name}" at ${where} is ignored: a value is a string of at most ${MAX_VALUE_CHARS} characters.`,
      );
      continue;
    }
    found.push({ name, value });
  }
  return found;
}

function variableRequest(file: string, variable: Variable): ProjectRequest {
  const digest = createHash('sha256')
    .update(JSON.stringify([file, variable.name, variable.value]))
    .digest('hex')
    .slice(0, 32);
  return {
    key: `${SETTING_PREFIX}${variable.name}=sha256:${digest}`,
    source: file,
    setting: `${SETTING_PREFIX}${variable.name}`,
    value: variable.value,
    description: `set ${variable.name} for the commands, hooks and MCP servers Wave starts`,
  };
}

/** What is wrong in every file's `env`, one sentence each. */
export function envProblems(sections: readonly SettingsSection[]): string[] {
  const problems: string[] = [];
  for (const section of sections) variablesOf(section, problems);
  return problems;
}

/** Every variable of the project's files, one request each. */
export function envRequests(sections: readonly SettingsSection[]): ProjectRequest[] {
  return sections
    .filter(isProjectSection)
    .flatMap((section) =>
      variablesOf(section).map((variable) => variableRequest(section.file, variable)),
    );
}

/** The variables in force: the user's, and the project's the user trusted; later files win. */
export function trustedEnv(
  sections: readonly SettingsSection[],
  granted: readonly ProjectRequest[],
): Record<string, string> {
  const allowed = new Set(granted.map((request) => request.key));
  const env: Record<string, string> = {};
  for (const section of sections)
    for (const variable of variablesOf(section))
      if (!isProjectSection(section) || allowed.has(variableRequest(section.file, variable).key))
        env[variable.name] = variable.value;
  return env;
}
