// The app's hooks (the SDK's `hooks` option): `initialize` names them as callback ids per event
// and matcher, `{"PreToolUse": [{"matcher": "Write", "hookCallbackIds": ["hook_0"], "timeout":
// 30}]}`. Each becomes one of the Agent's hooks (agent-sdk hooks/hook-callbacks.ts) that asks
// the app with a `hook_callback` control request; its answer is the callback's own output,
// read as a hook command's JSON is.
import type { HookCallbackEntry } from '@wave-agent/agent-sdk';
import { isRecord } from '@wave-agent/shared-protocol';
import type { ProtocolChannel } from './protocol-channel.js';

export const APP_HOOK_SOURCE = "the app's hooks option";

export function appHookCallbacks(
  hooks: unknown,
  channel: ProtocolChannel,
): readonly HookCallbackEntry[] {
  if (!isRecord(hooks)) return [];
  return Object.entries(hooks).flatMap(([event, matchers]) =>
    (Array.isArray(matchers) ? matchers : []).filter(isRecord).flatMap((entry) => {
      const ids = Array.isArray(entry['hookCallbackIds']) ? entry['hookCallbackIds'] : [];
      const matcher = entry['matcher'];
      const timeout = entry['timeout'];
      return ids
        .filter((id): id is string => typeof id === 'string')
        .map((id): HookCallbackEntry => ({
          event,
          ...(typeof matcher === 'string' ? { matcher } : {}),
          ...(typeof timeout === 'number' && timeout > 0 ? { timeoutSeconds: timeout } : {}),
          name: `${id} (the app's callback)`,
          source: APP_HOOK_SOURCE,
          run: (input, signal) =>
            channel.request(
              {
                subtype: 'hook_callback',
                callback_id: id,
                input,
                ...(typeof input['tool_use_id'] === 'string'
                  ? { tool_use_id: input['tool_use_id'] }
                  : {}),
              },
              signal,
            ),
        }));
    }),
  );
}
