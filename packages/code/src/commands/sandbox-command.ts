// /sandbox: whether the session's commands run in the sandbox and what it lets them reach, or
// why it cannot run and how to fix it — from the session state every host shares.
import { SLASH_COMMANDS, sandboxSummary } from '@wave-agent/shared-protocol';
import type { SandboxStatus } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export function sandboxText(status: SandboxStatus | undefined): string {
  const { headline, details } = sandboxSummary(status);
  return [headline, ...details.map((line) => `  ${line}`)].join('\n');
}

export const sandboxCommand: SlashCommand = {
  ...SLASH_COMMANDS.sandbox,
  run: (context) => context.print(sandboxText(context.session.getSnapshot().sandbox)),
};
