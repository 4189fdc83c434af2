// `wave trust [DIR]`, `wave trust --list`, `wave trust --revoke DIR`: workspace trust without a
// terminal, for scripts and CI (print mode then uses the repository's own rules, hooks and
// servers). Trusting lists, in full, everything the folder's files turn on, as the trust
// question does, and remembers exactly that: a later `git pull` that adds more is asked about
// (or needs `wave trust` again).
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  forgetTrust,
  readTrustedFolders,
  rememberTrust,
  trustedFoldersPath,
} from '@wave-agent/agent-sdk';
import { resolveClaudeHome } from '@wave-agent/agent-sdk';
import type { ProjectRequest } from '@wave-agent/agent-sdk';
import type { CliIo } from './cli-io.js';
import { TRUST_HELP_TEXT } from './help-text.js';
import { UsageError } from './usage-error.js';
import { loadSettings } from '../settings/load-settings.js';
import { projectRequests } from '../settings/project-trust.js';
import { errorText } from '@wave-agent/shared-protocol';

export const TRUST_COMMAND = 'trust';

export interface TrustCommandInput {
  readonly args: readonly string[];
  readonly io: CliIo;
  readonly cwd: string;
  readonly waveHome: string;
}

function folderOf(given: string, cwd: string): string {
  const path = resolve(cwd, given);
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`wave trust ${given}: ${path} is not an existing directory.`);
  return realpathSync(path);
}

/** One request as a line: what it turns on, where it is written. */
export function requestLine(request: ProjectRequest): string {
  return `  ${request.setting} ${request.value}\n      ${request.description} (${request.source})`;
}

async function trust(folder: string, input: TrustCommandInput): Promise<number> {
  const { io, waveHome } = input;
  const loaded = loadSettings({
    waveHome,
    workdir: folder,
    claudeHome: resolveClaudeHome(io.env),
  });
  for (const warning of loaded.warnings) io.stderr.write(`wave: ${warning}\n`);
  const requests = projectRequests(loaded, { env: io.env });
  await rememberTrust(
    waveHome,
    folder,
    requests.map((request) => request.key),
  );
  if (requests.length === 0) {
    io.stdout.write(
      `Trusted ${folder}. Its files ask for nothing beyond Wave's defaults today; what they add later is asked about.\n`,
    );
    return 0;
  }
  io.stdout.write(
    `Trusted ${folder} with what its files turn on:\n${requests.map(requestLine).join('\n')}\n` +
      `Remembered in ${trustedFoldersPath(waveHome)}; undo with: wave trust --revoke ${folder}\n`,
  );
  return 0;
}

function list(input: TrustCommandInput): number {
  const { file, problem } = readTrustedFolders(input.waveHome);
  if (problem) input.io.stderr.write(`wave: ${problem}\n`);
  const folders = Object.entries(file.folders);
  if (folders.length === 0) {
    input.io.stdout.write('No folder is trusted. Trust one with: wave trust DIR\n');
    return 0;
  }
  const lines = folders.map(([folder, { trustedAt, granted }]) => {
    const what = granted.length > 0 ? granted.map((key) => `\n    ${key}`).join('') : ' (nothing)';
    return `${folder}  trusted ${new Date(trustedAt).toISOString()} with:${what}`;
  });
  input.io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

async function revoke(given: string, input: TrustCommandInput): Promise<number> {
  const path = resolve(input.cwd, given);
  // A folder that is gone can still be forgotten by the path it had.
  const folder = statSync(path, { throwIfNoEntry: false }) ? realpathSync(path) : path;
  if (!(await forgetTrust(input.waveHome, folder))) {
    input.io.stderr.write(
      `wave: ${folder} is not a trusted folder, so there is nothing to revoke. wave trust --list shows the trusted ones.\n`,
    );
    return 1;
  }
  input.io.stdout.write(
    `${folder} is no longer trusted: its files' rules, hooks and servers wait for your yes again.\n`,
  );
  return 0;
}

export async function runTrustCommand(input: TrustCommandInput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...input.args],
      options: {
        list: { type: 'boolean' },
        revoke: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(
      `${errorText(error)}. Use: wave trust [DIR], wave trust --list, or wave trust --revoke DIR.`,
    );
  }
  const { values, positionals } = parsed;
  if (values.help) {
    input.io.stdout.write(TRUST_HELP_TEXT);
    return 0;
  }
  const chosen = [values.list, values.revoke !== undefined, positionals.length > 0].filter(Boolean);
  if (chosen.length > 1 || positionals.length > 1)
    throw new UsageError(
      'wave trust takes one of: a folder, --list, or --revoke DIR. Use: wave trust [DIR], wave trust --list, or wave trust --revoke DIR.',
    );
  if (values.list) return list(input);
  if (values.revoke !== undefined) return revoke(values.revoke, input);
  return trust(folderOf(positionals[0] ?? '.', input.cwd), input);
}
