// What the UI asks the host to do for its slash commands (the App's onCommand): /model saves the
// choice in the settings, /clear starts a new conversation. Anything else is not ours.
import type { Agent } from '@wave-agent/agent-sdk';
import type { SettingsLocation } from '../settings/settings-paths.js';
import type { HostCommandHandler } from '../ui/index.js';
import { saveModelCommand } from './model-command.js';

export function hostCommands(agent: Agent, location: SettingsLocation): HostCommandHandler {
  return async (request) => {
    switch (request.name) {
      case 'model':
        return saveModelCommand(request.args, location);
      case 'clear':
        await agent.clear();
        return {};
      default:
        return false;
    }
  };
}
