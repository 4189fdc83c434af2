// Settings' `apiKeyHelper`, as Claude Code has it: a shell command whose output is the API key
// (a vault, a keychain, a short-lived token). It runs once at start when no settings file gives
// `apiKey` (a key from a flag or the environment still wins over what it prints). A project's
// helper runs a program the repository chose, so it waits for the user's trust, like a hook.
import { childProcess, ConfigError, isProjectSection } from '@wave-agent/agent-sdk';
import type { ProjectRequest, SettingsSection } from '@wave-agent/agent-sdk';
import { errorText, isRecord } from '@wave-agent/shared-protocol';
import { z } from 'zod';
import { commandRequest } from './project-request.js';

const SETTING = 'apiKeyHelper';
const HelperSchema = z.string().trim().min(1).max(10_000);
/** How long the helper may take: a vault that asks for a login would hang the start. */
export const API_KEY_HELPER_TIMEOUT_MS = 10_000;

export interface ApiKeyHelper {
  readonly command: string;
  /** The settings file it comes from, for the sentence when it fails. */
  readonly file: string;
}

function parsed(section: SettingsSection): string | undefined {
  const result = HelperSchema.safeParse(section.value);
  return result.success ? result.data : undefined;
}

function requestOf(file: string, command: string): ProjectRequest {
  return commandRequest(file, SETTING, command, 'run this command at start to get the API key');
}

/** A project's key helper as a trust request (none when it has none). */
export function apiKeyHelperRequests(sections: readonly SettingsSection[]): ProjectRequest[] {
  return sections.filter(isProjectSection).flatMap((section) => {
    const command = parsed(section);
    return command === undefined ? [] : [requestOf(section.file, command)];
  });
}

/** Why a file's `apiKeyHelper` is not used, as a sentence; undefined when it is well formed. */
export function apiKeyHelperProblem(section: SettingsSection): string | undefined {
  if (parsed(section) !== undefined) return undefined;
  return `"apiKeyHelper" at ${section.locate(SETTING)} is ignored: it must be a shell command, as in Claude Code ("apiKeyHelper": "~/bin/get-key.sh").`;
}

/** The helper in force: the strongest file's, a project's only when the user trusted it. */
export function trustedApiKeyHelper(
  sections: readonly SettingsSection[],
  granted: readonly ProjectRequest[],
): ApiKeyHelper | undefined {
  const allowed = new Set(granted.map((request) => request.key));
  for (const section of [...sections].reverse()) {
    const command = parsed(section);
    if (command === undefined) continue;
    if (isProjectSection(section) && !allowed.has(requestOf(section.file, command).key)) continue;
    return { command, file: section.file };
  }
  return undefined;
}

/** Runs the helper in the work folder; its first line is the key. Failing, one sentence. */
export function runApiKeyHelper(
  helper: ApiKeyHelper,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const fix = `Fix the command, or remove "apiKeyHelper" from ${helper.file}.`;
  let output: string;
  try {
    // Loaded only when there is a helper: print mode starts no process machinery otherwise.
    output = childProcess().execFileSync('/bin/sh', ['-c', helper.command], {
      cwd,
      env,
      encoding: 'utf8',
      timeout: API_KEY_HELPER_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024,
    });
  } catch (error) {
    const said =
      isRecord(error) && typeof error['stderr'] === 'string' ? error['stderr'].trim() : '';
    const why = said !== '' ? said.split('\n')[0] : errorText(error);
    throw new ConfigError(`The apiKeyHelper command "${helper.command}" failed (${why}). ${fix}`);
  }
  const key = output.split('\n', 1)[0]?.trim() ?? '';
  if (key === '')
    throw new ConfigError(`The apiKeyHelper command "${helper.command}" printed no key. ${fix}`);
  return key;
}
