// `wave mcp reset-project-choices`: forgets the user's yes and no about this folder's `.mcp.json`
// servers, so each is asked about again. Wave's yes is kept with the folder's trust
// ($WAVE_HOME/trusted-folders.json, the `mcpServers.*` keys); Claude Code's choices are kept in
// the folder's local settings (`enableAllProjectMcpServers`, `enabledMcpjsonServers`,
// `disabledMcpjsonServers` in `.claude/settings.local.json`, and Wave's `.wave/settings.local.json`),
// from which those three keys are removed, the files' other keys kept.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  editJsonc,
  forgetGrants,
  localSettingsPath,
  parseJsonc,
  writeTextAtomically,
} from '@wave-agent/agent-sdk';
import { errorCode, errorText, isRecord } from '@wave-agent/shared-protocol';
import { MCP_APPROVAL_KEYS } from '../settings/mcp-approval.js';
import type { McpPlace } from './mcp-scopes.js';

/** Removes the approval keys from one local settings file; returns it when it changed. */
async function dropApprovalKeys(path: string): Promise<string | undefined> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw new Error(`Cannot read ${path} (${errorText(error)}).`, { cause: error });
  }
  const parsed = parseJsonc(text);
  if (parsed.error || !isRecord(parsed.value))
    throw new Error(
      `${path} is not a JSON object, so its MCP approvals cannot be reset. Fix the file.`,
    );
  const value = parsed.value;
  const present = MCP_APPROVAL_KEYS.filter((key) => Object.hasOwn(value, key));
  if (present.length === 0) return undefined;
  let next = text;
  for (const key of present) next = editJsonc(next, [key], undefined);
  await writeTextAtomically(path, next, statSync(path).mode & 0o777);
  return path;
}

export async function resetProjectChoices(place: McpPlace): Promise<string[]> {
  let folder = place.workdir;
  try {
    folder = realpathSync(place.workdir);
  } catch {
    // A folder that is gone can still be forgotten by the path it had.
  }
  const lines: string[] = [];
  const forgotten = await forgetGrants(place.waveHome, folder, (key) =>
    key.startsWith('mcpServers.'),
  );
  if (forgotten.length > 0)
    lines.push(
      `Forgot ${forgotten.length} approved server${forgotten.length === 1 ? '' : 's'} of ${folder}.`,
    );
  for (const path of [join(folder, '.claude', 'settings.local.json'), localSettingsPath(folder)]) {
    const changed = await dropApprovalKeys(path);
    if (changed) lines.push(`File modified: ${changed}`);
  }
  return [
    'All project-scoped (.mcp.json) server approvals and rejections have been reset.',
    ...lines,
    'You will be asked about them the next time you start wave here.',
  ];
}
