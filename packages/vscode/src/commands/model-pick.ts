// "Wave: Switch Model…": a QuickPick of the models the user configured (the session state's
// `models`, the list the terminal's /model picker and the webview's switcher show), the current
// one first selected and marked, each with its provider, model id and what it is chosen for.
// Typing a model id the list does not hold offers it as an item of its own, so any id the
// provider knows can still be chosen.
import { window } from 'vscode';
import type { QuickPickItem } from 'vscode';
import type { SessionState } from '@wave-agent/client';

export interface ModelItem extends QuickPickItem {
  /** What `setModel` takes: a configured model's name, or a model id. */
  readonly choice: string;
}

const CURRENT = 'current';

/** The configured models, the current one marked; a current model that is not one comes first. */
export function modelItems(state: SessionState): ModelItem[] {
  const { model: current, models } = state;
  const listed = models.some((model) => model.name === current.name);
  const items: ModelItem[] = models.map((model) => ({
    label: model.name,
    description: [
      ...(model.name === current.name ? [CURRENT] : []),
      `${model.provider} ${model.model}`,
      ...(model.purposes.length > 0 ? [`for ${model.purposes.join(', ')}`] : []),
    ].join(' · '),
    choice: model.name,
  }));
  if (!listed)
    items.unshift({
      label: current.model,
      description: `${CURRENT} · ${current.provider}${models.length > 0 ? ' (not a configured model)' : ''}`,
      choice: current.model,
    });
  return items;
}

function typedItem(id: string): ModelItem {
  return { label: id, description: 'use this model id', alwaysShow: true, choice: id };
}

/** Asks which model; resolves with what to pass to setModel, or undefined when dismissed. */
export function pickModel(state: SessionState): Promise<string | undefined> {
  const items = modelItems(state);
  const pick = window.createQuickPick<ModelItem>();
  pick.title = 'Switch Model';
  pick.placeholder =
    items.length > 1
      ? 'A configured model, or type a model id as your provider names it'
      : 'Type a model id as your provider names it';
  pick.items = items;
  pick.activeItems = items.filter((item) => item.description?.startsWith(CURRENT));
  pick.onDidChangeValue((value) => {
    const id = value.trim();
    const known = items.some((item) => item.label === id || item.choice === id);
    pick.items = id === '' || known ? items : [...items, typedItem(id)];
  });
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve((pick.selectedItems[0] ?? pick.activeItems[0])?.choice);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}
