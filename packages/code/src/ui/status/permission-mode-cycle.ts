// Shift+Tab cycles the permission mode. Bypassing permissions is in the cycle only for a
// session that started that way: one key press must not silently drop every safeguard.

import type { PermissionMode } from '@wave-agent/shared-protocol';

const SAFE_CYCLE: readonly PermissionMode[] = ['default', 'acceptEdits', 'plan'];
const CYCLE_WITH_BYPASS: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'plan',
  'bypassPermissions',
];

export function nextPermissionMode(current: PermissionMode, allowBypass: boolean): PermissionMode {
  const cycle = allowBypass ? CYCLE_WITH_BYPASS : SAFE_CYCLE;
  const index = cycle.indexOf(current);
  return cycle[(index + 1) % cycle.length] ?? 'default';
}
