// The methods of permissions: the session's mode, answers to its questions, and the rules in
// force (/permissions: list, add, remove), and more work folders (/add-dir).
import { sessionFor, sessionParts } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { checkedWorkFolder } from './added-work-folder.js';
import { readOnlyCommandNames } from './read-only/read-only-commands.js';
import { addRule, listRules, removeRule } from './rules/rule-edits.js';

/** What the group uses of the agent: the rules in force and where their files are. */
const usedParts = sessionParts('rules', 'workdir', 'waveHome');
const folderParts = sessionParts('permissions', 'workdir');

export const permissionMethods = {
  setPermissionMode: ({ sessionId, mode }, context) => {
    sessionFor(context, { sessionId }, 'setPermissionMode').agent.setPermissionMode(mode);
    return null;
  },

  answerPermission: ({ sessionId, requestId, decision, reason }, context) => ({
    answered: sessionFor(context, { sessionId }, 'answerPermission').agent.answerPermission(
      requestId,
      decision,
      reason,
    ),
  }),

  answerUserQuestion: ({ sessionId, requestId, answer }, context) => ({
    answered: sessionFor(context, { sessionId }, 'answerUserQuestion').agent.answerUserQuestion(
      requestId,
      answer,
    ),
  }),

  getPermissionRules: ({ sessionId }, context) => {
    const { rules } = usedParts(context, { sessionId }, 'getPermissionRules');
    return {
      rules: listRules(rules),
      problems: [...rules.problems],
      readOnlyCommands: readOnlyCommandNames(),
    };
  },

  addPermissionRule: ({ sessionId, behavior, rule, file }, context) =>
    addRule(usedParts(context, { sessionId }, 'addPermissionRule'), behavior, rule, file),

  removePermissionRule: ({ sessionId, behavior, rule }, context) =>
    removeRule(usedParts(context, { sessionId }, 'removePermissionRule'), behavior, rule),

  addWorkFolder: async ({ sessionId, path }, context) => {
    const { permissions, workdir } = folderParts(context, { sessionId }, 'addWorkFolder');
    const checked = await checkedWorkFolder(path, workdir);
    if (checked.ok) permissions.addWorkFolder(checked.folder);
    return checked;
  },
} satisfies MethodGroup;
