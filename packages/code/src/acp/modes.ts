// ACP session modes are Wave's permission modes: what the agent may do without asking.
import type * as acp from '@agentclientprotocol/sdk';
import { PERMISSION_MODES } from '@wave-agent/shared-protocol';
import type { PermissionMode } from '@wave-agent/shared-protocol';

const MODE_TEXT: Readonly<Record<PermissionMode, { name: string; description: string }>> = {
  default: {
    name: 'Default',
    description: 'Reads freely; asks before each edit and each command.',
  },
  acceptEdits: {
    name: 'Accept edits',
    description:
      "Edits files in the folder without asking (not Wave's own settings); asks before commands.",
  },
  bypassPermissions: {
    name: 'Bypass permissions',
    description: 'Runs every tool, commands included, anywhere, without asking.',
  },
  dontAsk: {
    name: "Don't ask",
    description: 'Runs what reads and what the rules allow; refuses the rest without asking.',
  },
  plan: {
    name: 'Plan',
    description: 'Reads and plans; never edits a file or runs a command.',
  },
};

export function modeState(current: PermissionMode): acp.SessionModeState {
  return {
    currentModeId: current,
    availableModes: PERMISSION_MODES.map((id) => ({ id, ...MODE_TEXT[id] })),
  };
}

export function permissionModeOf(modeId: string): PermissionMode | undefined {
  return PERMISSION_MODES.find((mode) => mode === modeId);
}
