// The methods of permissions: the session's mode, answers to its questions, and the rules in
// force (/permissions: list, add, remove).
import { sessionFor, sessionParts } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { readOnlyCommandNames } from './read-only/read-only-commands.js';
import { addRule, listRules, removeRule } from './rules/rule-edits.js';

/** What the group uses of the agent: the rules in force and where their files are. */
const usedParts = sessionParts('rules', 'workdir', 'waveHome');

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
} satisfies MethodGroup;
