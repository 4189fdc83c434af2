// What the sandbox says about one call of a tool that runs commands, before the usual
// questions: it runs sandboxed (so "runs commands on your machine" need not be asked in the
// default mode), or the sandbox is on but cannot run here, and then it runs outside only with
// the user's yes — asked with the sentence that says how to fix it, never skipped.
import type { CanUseTool, PermissionRequest } from '../permission-request.js';
import type { CommandSandbox } from './command-sandbox.js';

export type SandboxVerdict =
  /** The sandbox is off, or the tool runs no commands: today's questions decide. */
  | { readonly kind: 'none' }
  /** It runs in the sandbox. */
  | { readonly kind: 'sandboxed' }
  /** The sandbox cannot run here and the user agreed to run it outside. */
  | { readonly kind: 'outside' }
  | { readonly kind: 'refused'; readonly reason: string; readonly byUser: boolean };

export async function sandboxVerdict(
  sandbox: CommandSandbox | undefined,
  request: Omit<PermissionRequest, 'reason'>,
  ask: CanUseTool | undefined,
): Promise<SandboxVerdict> {
  if (sandbox === undefined || !sandbox.enabled) return { kind: 'none' };
  await sandbox.ready();
  // On only by default and it cannot run here: off, and the usual questions decide.
  if (!sandbox.enabled) return { kind: 'none' };
  if (sandbox.status.state === 'on') return { kind: 'sandboxed' };
  const problem = sandbox.unavailableProblem;
  if (problem === undefined) return { kind: 'outside' }; // agreed for the session already
  if (ask === undefined) {
    return {
      kind: 'refused',
      byUser: false,
      reason: `${problem} It was not run: there is no one here to agree to run it outside the sandbox.`,
    };
  }
  const answer = await ask({ ...request, reason: `${problem} Run it outside the sandbox?` });
  if (answer.decision === 'deny') {
    return {
      kind: 'refused',
      byUser: true,
      reason: `The user chose not to run it outside the sandbox. ${problem}`,
    };
  }
  if (answer.decision === 'allowSession') sandbox.agreeToRunOutside();
  return { kind: 'outside' };
}
