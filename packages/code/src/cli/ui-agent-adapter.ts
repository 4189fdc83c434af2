// The Agent as the UI's port (UiAgent) until the UI reads the session through
// @wave-agent/client: /btw answers and queue changes are session events now, and this turns
// them back into the callback and feed the UI still takes.
import type { Agent } from '@wave-agent/agent-sdk';
import type { QueueFeed, UiAgent } from '../ui/index.js';

export function uiAgentFor(agent: Agent, queueFeed: QueueFeed): UiAgent {
  agent.subscribe((event) => {
    if (event.type === 'queuedMessagesChanged') queueFeed.publish(event.queued);
  });
  return {
    get state() {
      return agent.state;
    },
    subscribe: (listener) => agent.subscribe((event) => listener(event)),
    sendMessage: (text) => agent.sendMessage(text),
    abortMessage: () => agent.abortMessage(),
    get isRunning() {
      return agent.isRunning;
    },
    get permissionMode() {
      return agent.permissionMode;
    },
    setPermissionMode: (mode) => agent.setPermissionMode(mode),
    get provider() {
      return agent.provider;
    },
    setModel: (model) => agent.setModel(model),
    workdir: agent.workdir,
    runBang: (command) => agent.runBang(command),
    get queuedMessages() {
      return agent.queuedMessages;
    },
    editQueuedMessage: (id, text) => agent.editQueuedMessage(id, text),
    removeQueuedMessage: (id) => agent.removeQueuedMessage(id),
    get sessionId() {
      return agent.sessionId;
    },
    listSessions: () => agent.listSessions(),
    restoreSession: (id) => agent.restoreSession(id),
    rewind: (id, restore) => agent.rewind(id, restore),
    compact: (instructions) => agent.compact(instructions),
    askBtw: (question, onChunk, signal) =>
      new Promise<void>((resolve, reject) => {
        const btwId = agent.askBtw(question);
        const stop = agent.subscribe((event) => {
          if (!('btwId' in event) || event.btwId !== btwId) return;
          if (event.type === 'btwUpdated') onChunk(event.chunk);
          if (event.type !== 'btwEnded') return;
          stop();
          if (event.error === undefined) resolve();
          else reject(new Error(event.error));
        });
        signal?.addEventListener('abort', () => {
          stop();
          agent.closeBtw(btwId);
          resolve();
        });
      }),
  };
}
