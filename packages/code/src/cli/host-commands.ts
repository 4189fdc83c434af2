// What the UI asks the host to do for its slash commands (the App's onCommand): /model --save
// keeps the choice in the settings, /memory N opens a memory file in $EDITOR when there is a
// terminal to give it (not under ACP, whose stdin and stdout carry the protocol). Anything else
// is not ours. /doctor's settings files are read here (the host knows where they are), and
// /export --copy reaches the clipboard through the terminal when there is one.
import type { SettingsLocation } from '../settings/settings-paths.js';
import type { HostCommandHandler } from '../commands/command-context.js';
import type { CliIo } from './cli-io.js';
import { saveModelCommand } from './model-command.js';
import { openInEditor } from './open-in-editor.js';
import { settingsReport } from './settings-report.js';
import { copyThroughTerminal } from './terminal-clipboard.js';

export function hostCommands(location: SettingsLocation, terminal?: CliIo): HostCommandHandler {
  return async (request) => {
    switch (request.name) {
      case 'model':
        return saveModelCommand(request.args, location);
      case 'memory':
        return terminal ? openInEditor(request.args, terminal) : false;
      case 'doctor':
        return settingsReport(location, terminal?.env ?? process.env);
      case 'clipboard':
        return terminal
          ? copyThroughTerminal(request.args, (sequence) => terminal.stdout.write(sequence))
          : false;
      default:
        return false;
    }
  };
}
