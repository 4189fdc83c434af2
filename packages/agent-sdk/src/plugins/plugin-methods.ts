// The protocol's plugin methods (/plugin in every host): the list and one change, over the
// session's own homes ($WAVE_HOME, and ~/.claude when it reads it).
import { sessionParts } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { changePluginFrom, listPluginRows } from './plugin-browser.js';

const usedParts = sessionParts('waveHome', 'options');

export const pluginMethods = {
  listPlugins: ({ sessionId }, context) => {
    const { waveHome, options } = usedParts(context, { sessionId }, 'listPlugins');
    return listPluginRows({ waveHome, claudeHome: options.claudeHome });
  },
  changePlugin: ({ sessionId, action, id }, context) => {
    const { waveHome, options } = usedParts(context, { sessionId }, 'changePlugin');
    return changePluginFrom({ waveHome, claudeHome: options.claudeHome }, action, id);
  },
} satisfies MethodGroup;
