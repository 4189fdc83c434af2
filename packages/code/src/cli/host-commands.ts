// What the UI asks the host to do for its slash commands (the App's onCommand): /model --save
// keeps the choice in the settings, /memory N opens a memory file in $EDITOR when there is a
// terminal to give it (not under ACP, whose stdin and stdout carry the protocol). Anything else
// is not ours.
import type { SettingsLocation } from '../settings/settings-paths.js';
import type { HostCommandHandler } from '../ui/index.js';
import type { CliIo } from './cli-io.js';
import { saveModelCommand } from './model-command.js';
import { openInEditor } from './open-in-editor.js';

export function hostCommands(location: SettingsLocation, terminal?: CliIo): HostCommandHandler {
  return async (request) => {
    switch (request.name) {
      case 'model':
        return saveModelCommand(request.args, location);
      case 'memory':
        return terminal ? openInEditor(request.args, terminal) : false;
      default:
        return false;
    }
  };
}
