// What an Edit or Write permission question would change, as the two texts of a diff: the file
// as it is now and as it would be. The question's input is the model's (a stranger's): only a
// file inside the work folder is read, at most 2 MB of it, and an edit whose text is not in the
// file gives no diff (the chat still shows the question).
import { isRecord } from '@wave-agent/shared-protocol';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { PermissionQuestion } from '@wave-agent/client';

const MAX_BYTES = 2 * 1024 * 1024;

export interface ProposedChange {
  readonly requestId: string;
  /** The file's path inside the work folder, as shown in the title. */
  readonly path: string;
  readonly current: string;
  readonly proposed: string;
}

function field(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' ? value : undefined;
}

function parseInput(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The file as it is (empty when it does not exist yet); undefined when it cannot be shown. */
function currentText(file: string): string | undefined {
  if (!existsSync(file)) return '';
  const stats = statSync(file);
  if (!stats.isFile() || stats.size > MAX_BYTES) return undefined;
  return readFileSync(file, 'utf8');
}

export function proposedChange(
  question: PermissionQuestion,
  workdir: string,
): ProposedChange | undefined {
  if (question.toolName !== 'Edit' && question.toolName !== 'Write') return undefined;
  const input = parseInput(question.input);
  const filePath = input && field(input, 'file_path');
  if (!input || filePath === undefined) return undefined;
  const file = resolve(workdir, filePath);
  const path = relative(workdir, file);
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return undefined;
  const current = currentText(file);
  if (current === undefined) return undefined;
  if (question.toolName === 'Write') {
    const content = field(input, 'content');
    return content === undefined
      ? undefined
      : { requestId: question.requestId, path, current, proposed: content };
  }
  const before = field(input, 'old_string');
  const after = field(input, 'new_string');
  if (before === undefined || after === undefined || before === '' || !current.includes(before))
    return undefined;
  const proposed =
    input.replace_all === true
      ? current.split(before).join(after)
      : current.replace(before, () => after);
  return { requestId: question.requestId, path, current, proposed };
}
