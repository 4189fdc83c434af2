// `/model NAME` on the host side: the choice is saved in the user's settings (or the project's,
// with --project). The running Agent cannot switch models, so it takes effect at the next
// start, and the reply says so.
import { saveModelSetting } from '../settings/save-model-setting.js';
import type { SettingsLocation } from '../settings/settings-paths.js';
import type { HostCommandReply } from '../ui/index.js';

const PROJECT_FLAG = /(?:^|\s)--project(?:\s|$)/;

export async function saveModelCommand(
  args: string,
  location: SettingsLocation,
): Promise<HostCommandReply> {
  const scope = PROJECT_FLAG.test(args) ? 'project' : 'user';
  const model = args.replace(PROJECT_FLAG, ' ').trim();
  if (model === '' || /\s/.test(model)) {
    return {
      message: 'Type /model NAME (one word), or /model NAME --project to save it for this project.',
      level: 'warning',
    };
  }
  const path = await saveModelSetting(scope, model, location);
  return {
    message: `Saved ${model} as the model in ${path}. This session keeps its model; wave uses ${model} from the next start.`,
  };
}
