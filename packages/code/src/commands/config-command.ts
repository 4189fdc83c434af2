// /config: the common settings as this session has them (model, effort, permission mode, sandbox)
// and, from the host, which settings file (or variable) each comes from. `/config set KEY VALUE`,
// or a choice in the pickers that follow the list (the terminal's), writes the key in the user's
// settings file (the host does, cli/config-settings.ts) and applies it to this session where the
// session can change it (model, effort, permission mode); the others apply from the next start.
import {
  EFFORT_LEVELS,
  errorText,
  PERMISSION_MODES,
  SLASH_COMMANDS,
} from '@wave-agent/shared-protocol';
import { CONFIG_KEYS } from '../cli/config-settings.js';
import type { CommandContext, SlashCommand } from './command-context.js';

/** The session's own values, as it runs now. */
function liveLines(context: CommandContext): string[] {
  const state = context.session.getSnapshot();
  const sandbox = state.sandbox?.state ?? 'unknown';
  return [
    `  model           ${state.model.provider} ${state.model.model}${state.model.reason ? ` (${state.model.reason})` : ''}`,
    `  effort          ${state.effort}`,
    `  permissionMode  ${state.permissionMode}`,
    `  sandbox         ${sandbox}`,
  ];
}

/** Applies a saved value to this session; the sentence of what it did. */
async function applyLive(context: CommandContext, key: string, value: string): Promise<string> {
  switch (key) {
    case 'model':
      await context.session.setModel(value);
      return 'This session uses it now.';
    case 'effort': {
      const effort = EFFORT_LEVELS.find((level) => level === value);
      if (effort === undefined) break;
      await context.session.setEffort(effort);
      return 'This session uses it now.';
    }
    case 'permissionMode': {
      const mode = PERMISSION_MODES.find((one) => one === value);
      if (mode === undefined) break;
      await context.session.setPermissionMode(mode);
      return 'This session uses it now.';
    }
  }
  return 'It applies from the next start.';
}

async function set(context: CommandContext, key: string, value: string): Promise<void> {
  const reply = await context.askHost('config-set', `${key} ${value}`);
  if (reply === false) {
    context.print(
      '/config cannot write settings here: this window has no host that writes the settings files.',
      'warning',
    );
    return;
  }
  if (reply.level === 'warning' || reply.level === 'error') {
    context.print(reply.message ?? '', reply.level);
    return;
  }
  let live: string;
  try {
    live = await applyLive(context, key, value);
  } catch (error) {
    live = `This session could not take it now (${errorText(error)}); it applies from the next start.`;
  }
  context.print(`${reply.message ?? ''} ${live}`);
}

async function chooseAndSet(context: CommandContext): Promise<void> {
  const editable = CONFIG_KEYS.filter((entry) => entry.values !== undefined);
  const picked = await context.choose({
    title: 'Change which setting (in your user settings file)?',
    items: editable.map((entry) => ({ label: entry.key, detail: entry.values!.join(' · ') })),
    escapeHint: 'Esc changes nothing',
  });
  const entry = picked === undefined ? undefined : editable[picked];
  if (entry?.values === undefined) return;
  const value = await context.choose({
    title: `${entry.key}:`,
    items: entry.values.map((one) => ({ label: one })),
    escapeHint: 'Esc changes nothing',
  });
  if (value !== undefined) await set(context, entry.key, entry.values[value]!);
}

export const configCommand: SlashCommand = {
  ...SLASH_COMMANDS.config,
  async run(context) {
    const setArgs = /^set\s+(\S+)\s+(.+)$/.exec(context.args);
    if (setArgs) {
      await set(context, setArgs[1]!, setArgs[2]!.trim());
      return;
    }
    if (context.args !== '') {
      context.print('Usage: /config, or /config set <key> <value>.', 'warning');
      return;
    }
    const files = await context.askHost('config', '');
    context.print(
      [
        'This session',
        ...liveLines(context),
        'Settings files (flags and the environment win over them; the strongest file that sets a key wins)',
        ...(files === false
          ? ['  not read: this window has no host that reads the settings files']
          : [files.message ?? '']),
        `/config set <key> <value> writes one in your user settings file: ${CONFIG_KEYS.map((entry) => entry.key).join(', ')}.`,
      ].join('\n'),
    );
    await chooseAndSet(context);
  },
};
