// The methods of permissions: the session's mode, answers to its questions, and the rules in
// force (/permissions: list, add, remove).
import { sessionFor } from '../server/method-context.js';
import type { MethodGroup } from '../server/method-context.js';
import { addRule, listRules, removeRule } from './rules/rule-edits.js';

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
    const { rules } = sessionFor(context, { sessionId }, 'getPermissionRules').parts;
    return { rules: listRules(rules), problems: [...rules.problems] };
  },

  addPermissionRule: ({ sessionId, behavior, rule, file }, context) =>
    addRule(sessionFor(context, { sessionId }, 'addPermissionRule').parts, behavior, rule, file),

  removePermissionRule: ({ sessionId, behavior, rule }, context) =>
    removeRule(sessionFor(context, { sessionId }, 'removePermissionRule').parts, behavior, rule),
} satisfies MethodGroup;
