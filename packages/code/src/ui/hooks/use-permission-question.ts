// The permission question waiting for the user, if any.

import { useSyncExternalStore } from 'react';
import type { PendingPermission, PermissionBridge } from '../permission/permission-bridge.js';

const noBridge = {
  subscribe: () => () => undefined,
  current: (): PendingPermission | undefined => undefined,
};

export function usePermissionQuestion(
  bridge: PermissionBridge | undefined,
): PendingPermission | undefined {
  const source = bridge ?? noBridge;
  return useSyncExternalStore(source.subscribe, source.current, source.current);
}
