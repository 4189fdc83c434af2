// What the UI asks the host to do for its slash commands (the App's onCommand): /model --save
// keeps the choice in the settings, /memory N opens a memory file in $EDITOR. Anything else is
// not ours.
import type { SettingsLocation } from '../settings/settings-paths.js';
import type { HostCommandHandler } from '../commands/command-context.js';
import { saveModelCommand } from './model-command.js';
import { openInEditor } from './open-in-editor.js';

export function hostCommands(location: SettingsLocation): HostCommandHandler {
  return async (request) => {
    switch (request.name) {
      case 'model':
        return saveModelCommand(request.args, location);
      case 'memory':
        return openInEditor(request.args);
      default:
        return false;
    }
  };
}
