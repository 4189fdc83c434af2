// WebFetch's permission: asked per domain (the URL shown, "don't ask again" for the domain),
// `WebFetch(domain:…)` rules allow and deny as Claude Code's do, and a private host is named only
// by an exact allow rule, in every mode.
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorkdir, policyWithRules, removeWorkdir } from '../tools/test-kit.js';
import type { WrittenRules } from '../tools/test-kit.js';
import { webFetchTool } from '../tools/web/web-fetch.js';
import { webSearchTool } from '../tools/web/web-search.js';
import type { PermissionDecision, PermissionRequest } from './permission-request.js';

const workdir = await makeWorkdir();
afterAll(() => removeWorkdir(workdir));
const signal = new AbortController().signal;

function setup(
  written: WrittenRules,
  answer: PermissionDecision,
  mode: PermissionMode = 'default',
) {
  const asked: PermissionRequest[] = [];
  const saved: string[] = [];
  const policy = policyWithRules(
    workdir,
    written,
    mode,
    (request) => {
      asked.push(request);
      return answer;
    },
    {
      alwaysAllow: (rule) => {
        saved.push(rule);
        return Promise.resolve();
      },
    },
  );
  const fetchOf = (url: string) =>
    policy.check({
      tool: webFetchTool,
      input: { url, prompt: 'x' },
      toolCallId: 'call',
      compactParams: url,
      signal,
    });
  return { policy, asked, saved, fetchOf };
}

describe('WebFetch permission', () => {
  it('asks about a new domain, showing the URL and offering the domain as the rule', async () => {
    const { asked, fetchOf } = setup({}, { decision: 'allow' });
    expect(await fetchOf('https://docs.example.com/guide')).toEqual({ allowed: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      toolName: 'WebFetch',
      reason:
        'WebFetch wants to read https://docs.example.com/guide (docs.example.com is not allowed yet)',
      alwaysRule: 'WebFetch(domain:docs.example.com)',
    });
  });

  it('"don\'t ask again" saves the domain rule, which then allows that domain only', async () => {
    const { asked, saved, fetchOf } = setup({}, { decision: 'allowAlways' });
    await fetchOf('https://example.com/a');
    expect(saved).toEqual(['WebFetch(domain:example.com)']);
    // The saving function of the test keeps nothing; the rule in force is the agent's part.
    expect(asked).toHaveLength(1);
  });

  it('"allow for this session" allows that domain, not the next one', async () => {
    const { asked, fetchOf } = setup({}, { decision: 'allowSession' });
    await fetchOf('https://example.com/a');
    await fetchOf('https://example.com/b');
    await fetchOf('https://other.org/');
    expect(asked.map((request) => request.compactParams)).toEqual([
      'https://example.com/a',
      'https://other.org/',
    ]);
  });

  it('an allow rule for the domain (or a *. wildcard) runs without asking', async () => {
    const { asked, fetchOf } = setup(
      { allow: ['WebFetch(domain:example.com)', 'WebFetch(domain:*.docs.org)'] },
      { decision: 'deny' },
    );
    expect(await fetchOf('https://example.com/x')).toEqual({ allowed: true });
    expect(await fetchOf('https://api.docs.org/x')).toEqual({ allowed: true });
    expect(asked).toEqual([]);
    await fetchOf('https://sub.example.com/x');
    expect(asked).toHaveLength(1);
  });

  it('a deny rule for the domain holds in every mode, bypass included', async () => {
    const { asked, fetchOf } = setup(
      { deny: ['WebFetch(domain:evil.example)'] },
      { decision: 'allow' },
      'bypassPermissions',
    );
    const outcome = await fetchOf('https://evil.example/steal');
    expect(outcome).toMatchObject({ allowed: false, byUser: false });
    expect(outcome.allowed ? '' : outcome.reason).toContain('"WebFetch(domain:evil.example)"');
    expect(asked).toEqual([]);
  });

  it('with no one to ask (wave -p), refuses and names the rule that would allow the domain', async () => {
    const policy = policyWithRules(workdir, {});
    const outcome = await policy.check({
      tool: webFetchTool,
      input: { url: 'https://example.com/a', prompt: 'x' },
      toolCallId: 'call',
      compactParams: 'https://example.com/a',
      signal,
    });
    expect(outcome).toEqual({
      allowed: false,
      byUser: false,
      reason:
        'WebFetch wants to read https://example.com/a (example.com is not allowed yet), and there is no one to ask for permission here. Run with --permission-mode bypassPermissions, or allow it with a rule in the settings\' permissions.allow (e.g. "WebFetch(domain:example.com)").',
    });
  });

  it('names a host for a private address only by an exact allow rule', () => {
    const { policy } = setup(
      {
        allow: ['WebFetch(domain:localhost)', 'WebFetch(domain:*.internal)', 'WebFetch'],
        deny: [],
      },
      { decision: 'allow' },
      'bypassPermissions',
    );
    expect(policy.ruleNamesHost(webFetchTool, 'localhost')).toBe(true);
    expect(policy.ruleNamesHost(webFetchTool, 'LOCALHOST')).toBe(true);
    expect(policy.ruleNamesHost(webFetchTool, 'db.internal')).toBe(false);
    expect(policy.ruleNamesHost(webFetchTool, '127.0.0.1')).toBe(false);
  });
});

describe('WebSearch permission', () => {
  const searchOf = (policy: ReturnType<typeof setup>['policy'], query: string) =>
    policy.check({
      tool: webSearchTool,
      input: { query },
      toolCallId: 'call',
      compactParams: query,
      signal,
    });

  it('asks once per session: a yes holds for the later searches', async () => {
    const { policy, asked } = setup({}, { decision: 'allow' });
    expect(await searchOf(policy, 'first')).toEqual({ allowed: true });
    expect(await searchOf(policy, 'second')).toEqual({ allowed: true });
    expect(asked.map((request) => request.reason)).toEqual([
      'WebSearch sends your query to a search service',
    ]);
    expect(asked[0]?.alwaysRule).toBe('WebSearch');
  });

  it('the rule WebSearch allows it without asking', async () => {
    const { policy, asked } = setup({ allow: ['WebSearch'] }, { decision: 'deny' });
    expect(await searchOf(policy, 'q')).toEqual({ allowed: true });
    expect(asked).toEqual([]);
  });
});
