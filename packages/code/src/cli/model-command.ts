// `/model NAME --save` (or `--project`) on the host side: the UI has already switched the
// session's model; this saves the choice in the user's settings (or the project's). A name of
// the settings' configured models is saved as "defaultModel", anything else as "model".
import { loadSettings } from '../settings/load-settings.js';
import { saveModelSetting } from '../settings/save-model-setting.js';
import type { SettingsLocation } from '../settings/settings-paths.js';
import type { HostCommandReply } from '../commands/command-context.js';

const PROJECT_FLAG = /(?:^|\s)--project(?=\s|$)/;
const SAVE_FLAG = /(?:^|\s)--save(?=\s|$)/g;

export async function saveModelCommand(
  args: string,
  location: SettingsLocation,
): Promise<HostCommandReply> {
  const scope = PROJECT_FLAG.test(args) ? 'project' : 'user';
  const model = args.replace(PROJECT_FLAG, ' ').replace(SAVE_FLAG, ' ').trim();
  if (model === '' || /\s/.test(model)) {
    return {
      message:
        'Type /model NAME --save (one word) to keep it for you, or /model NAME --project for this project.',
      level: 'warning',
    };
  }
  const { user, project } = loadSettings(location);
  const mine = Object.hasOwn(user.models ?? {}, model);
  const configured = mine || Object.hasOwn(project.models ?? {}, model);
  if (configured && !mine && scope === 'user') {
    return {
      message: `${model} is a model of this project's settings, so it cannot be your default everywhere: keep it for this project with /model ${model} --project, or add it to "models" in your own settings.`,
      level: 'warning',
    };
  }
  const saved = await saveModelSetting(scope, model, location, configured);
  const replaced = saved.replacedDefault
    ? ` (it replaces "defaultModel": "${saved.replacedDefault}" there, which would have won)`
    : '';
  return {
    message: `Saved ${model} as the ${configured ? 'default model' : 'model'} in ${saved.path}${replaced}; wave starts with it from now on.`,
  };
}
