// /model: with configured models, a picker of them (the current one highlighted and marked, with
// what each is chosen for); without, shows the model. /model NAME switches for this session — a
// configured model by its name, or a model id of the current provider; --save also keeps it in
// the user settings, --project in this project's settings (the host saves).

import type { ConfiguredModel, ModelArguments, SessionState } from '@wave-agent/shared-protocol';
import { SLASH_COMMANDS, errorText, parseModelArguments } from '@wave-agent/shared-protocol';
import type { CommandContext, PickerSpec, SlashCommand } from './command-context.js';

const USAGE =
  'Type /model NAME to switch for this session; add --save to keep it for next time, or --project to keep it for this project.';

/** "openai gpt-4.1-mini · default · btw · current" */
function modelDetail(model: ConfiguredModel, current: boolean): string {
  return [
    `${model.provider} ${model.model}`,
    ...model.purposes,
    ...(current ? ['current'] : []),
  ].join(' · ');
}

export function modelPicker(state: SessionState): PickerSpec {
  const current = state.models.findIndex((model) => model.name === state.model.name);
  return {
    title: 'Switch to which model?',
    items: state.models.map((model, index) => ({
      label: model.name,
      detail: modelDetail(model, index === current),
    })),
    ...(current >= 0 ? { initial: current } : {}),
    escapeHint: `Esc keeps ${state.model.name ?? state.model.model}`,
  };
}

/** What the user switches to, in words: "fast (openai gpt-4.1-mini)", or the model id itself. */
function described(state: SessionState, name: string): string {
  const configured = state.models.find((model) => model.name === name);
  return configured === undefined || configured.model === name
    ? name
    : `${name} (${configured.provider} ${configured.model})`;
}

async function switchTo(context: CommandContext, wanted: ModelArguments): Promise<void> {
  // Described from the list before the switch: the state's own update may still be on its way.
  const now = described(context.session.getSnapshot(), wanted.name);
  try {
    await context.session.setModel(wanted.name);
  } catch (error) {
    context.print(`Could not switch to ${wanted.name}: ${errorText(error)}`, 'warning');
    return;
  }
  if (wanted.save === undefined) {
    context.print(
      `Now using ${now} for this session; /model ${wanted.name} --save keeps it for next time.`,
    );
    return;
  }
  const reply = await context.askHost('model', context.args);
  if (reply === false) {
    context.print(`Now using ${now} for this session; saving it is not available here.`, 'warning');
    return;
  }
  context.print(
    `Now using ${now}.${reply.message ? ` ${reply.message}` : ''}`,
    reply.level ?? 'info',
  );
}

export const modelCommand: SlashCommand = {
  ...SLASH_COMMANDS.model,
  run: async (context) => {
    const state = context.session.getSnapshot();
    const wanted = parseModelArguments(context.args);
    if (wanted.name === '' && wanted.save === undefined) {
      if (state.models.length < 2) {
        const { provider, model, reason } = state.model;
        context.print(
          `Model: ${model} (${provider}${reason ? `; ${reason}` : ''}). ${USAGE} Configure several under "models" in your settings to pick from a list.`,
        );
        return;
      }
      const index = await context.choose(modelPicker(state));
      const picked = index === undefined ? undefined : state.models[index];
      if (picked === undefined) return;
      if (picked.name === state.model.name) {
        context.print(`Still using ${picked.name}; nothing changed.`);
        return;
      }
      await switchTo(context, { name: picked.name, save: undefined });
      return;
    }
    if (wanted.name === '' || /\s/.test(wanted.name)) {
      context.print(USAGE, 'warning');
      return;
    }
    await switchTo(context, wanted);
  },
};
