// `/model NAME --save` (or `--project`) on the host side: the UI has already switched the
// session's model; this saves the choice in the user's settings (or the project's).
import { saveModelSetting } from '../settings/save-model-setting.js';
import type { SettingsLocation } from '../settings/settings-paths.js';
import type { HostCommandReply } from '../ui/index.js';

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
  const path = await saveModelSetting(scope, model, location);
  return { message: `Saved ${model} as the model in ${path}; wave starts with it from now on.` };
}
