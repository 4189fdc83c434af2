// /hooks in every UI: the hooks in force (session state), grouped by the settings file they come
// from, each with its event, matcher, timeout and full command.
import type { HookInForce } from '../session/session-state.js';

export const NO_HOOKS =
  'No hooks in this session. Add them under "hooks" in settings.json in $WAVE_HOME, or in the project\'s .claude/settings.json or .wave/settings.json (a project\'s run once you trust the folder).';

export function hooksText(hooks: readonly HookInForce[]): string {
  if (hooks.length === 0) return NO_HOOKS;
  const lines = ['Hooks in force:'];
  for (const source of new Set(hooks.map((hook) => hook.source))) {
    lines.push(`  ${source}`);
    for (const hook of hooks.filter((each) => each.source === source)) {
      const matcher = hook.matcher === '' ? '' : ` [${hook.matcher}]`;
      lines.push(`    ${hook.event}${matcher} (timeout ${hook.timeoutSeconds} s): ${hook.command}`);
    }
  }
  return lines.join('\n');
}
