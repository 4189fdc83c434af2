// A subagent never has more permission than its parent: its edits and commands go through the
// parent's permission mode and the parent's asker (the same question a host answers), a denial
// reaches the child's model as the tool's result, and in plan mode its changes never run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../permissions/permission-request.js';
import { PATIENT_RETRY, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

/** The parent starts one subagent, which writes a file and runs a command, then reports. */
const childChanges: Scenario = {
  name: 'a subagent that changes things',
  // One subagent at a time: parent, child, child, child, parent — pinned by order.
  turns: [
    {
      match: { turnIndex: 0 },
      reply: [
        {
          type: 'tool_call',
          id: 'task_1',
          name: 'Agent',
          input: {
            description: 'Make a file',
            prompt: 'the child task',
            subagent_type: 'general-purpose',
          },
        },
      ],
    },
    {
      match: { turnIndex: 1 },
      reply: [
        {
          type: 'tool_call',
          name: 'Write',
          input: { file_path: 'made.txt', content: 'by the child' },
        },
      ],
    },
    {
      match: { turnIndex: 2 },
      reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'echo child-ran > ran.txt' } }],
    },
    { match: { turnIndex: 3 }, reply: [{ type: 'text', text: 'CHILD-DONE' }] },
    { match: { turnIndex: 4 }, reply: [{ type: 'text', text: 'The subagent is done.' }] },
  ],
};

describe("a subagent's permissions", () => {
  it("asks the parent's asker for its Write and Bash, and a denial reaches the child's model", async () => {
    const asked: PermissionRequest[] = [];
    harness = await startHarness('openai', childChanges, {
      retry: PATIENT_RETRY,
      permissionMode: 'default',
      canUseTool: (request) => {
        asked.push(request);
        return request.toolName === 'Write'
          ? { decision: 'allow' }
          : { decision: 'deny', reason: 'not this command' };
      },
    });
    const result = await harness.agent.sendMessage('delegate');
    expect(result.stopReason).toBe('end_turn');
    expect(asked.map((request) => request.toolName)).toEqual(['Write', 'Bash']);
    expect(existsSync(join(harness.workdir, 'made.txt'))).toBe(true);
    expect(existsSync(join(harness.workdir, 'ran.txt'))).toBe(false);
    // The child's model read the denial as the Bash call's result.
    const childRequests = harness.mock.requests
      .map((request) => JSON.stringify(request.body))
      .filter((body) => body.includes('the child task'));
    expect(childRequests.some((body) => body.includes('not this command'))).toBe(true);
  });

  it('in plan mode, runs none of the subagent’s changes and asks no one', async () => {
    const asked: PermissionRequest[] = [];
    harness = await startHarness('anthropic', childChanges, {
      retry: PATIENT_RETRY,
      permissionMode: 'plan',
      canUseTool: (request) => {
        asked.push(request);
        return { decision: 'allow' };
      },
    });
    const result = await harness.agent.sendMessage('delegate');
    expect(result.stopReason).toBe('end_turn');
    expect(asked).toEqual([]);
    expect(existsSync(join(harness.workdir, 'made.txt'))).toBe(false);
    expect(existsSync(join(harness.workdir, 'ran.txt'))).toBe(false);
    // The child ran and did try both: its model (the requests that are not the parent's, whose
    // conversation starts with 'delegate') read each refusal as the call's result.
    const childRequests = harness.mock.requests
      .map((request) => JSON.stringify(request.body))
      .filter((body) => body.includes('the child task') && !body.includes('delegate'));
    expect(childRequests).toHaveLength(3);
    const last = childRequests.at(-1) ?? '';
    expect(last).toContain('Plan mode allows only read-only tools, so Write was not run.');
    expect(last).toContain('Plan mode allows only read-only tools, so Bash was not run.');
  });
});
