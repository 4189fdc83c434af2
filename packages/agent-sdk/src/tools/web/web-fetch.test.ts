// WebFetch against real servers on 127.0.0.1: what reaches the model of a real-looking page,
// redirects, limits, types, the proxy, and the refusal of private addresses without a rule.
// 127.0.0.1 is private, so the tests give the rule a user would: WebFetch(domain:127.0.0.1).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext, ToolOutputUpdate } from '../tool.js';
import type { SideRequest, ToolSession } from '../tool-session.js';
import { contextFor, makeWorkdir, policyWithRules, removeWorkdir } from '../test-kit.js';
import { CHROME_MARKERS } from './test-support/article-page.js';
import { startTestProxy, startTestSite, TEST_CERT } from './test-support/web-servers.js';
import type { TestSite } from './test-support/web-servers.js';
import { createWebFetchTool, webFetchTool } from './web-fetch.js';
import type { WebFetchSettings } from './web-fetch.js';

let site: TestSite;
let workdir: string;
const NO_PROXY = { proxy: {} } satisfies WebFetchSettings;

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site.close();
});
beforeEach(async () => {
  workdir = await makeWorkdir();
  site.requests.length = 0;
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

/** A context whose rules are these allow rules, as `.claude/settings.json` would hold them. */
function contextWith(allow: readonly string[], overrides: Partial<ToolContext> = {}): ToolContext {
  const policy = policyWithRules(workdir, { allow });
  return contextFor(workdir, {
    hostNamedByRule: (host) => policy.ruleNamesHost(webFetchTool, host),
    ...overrides,
  });
}

const LOCAL = ['WebFetch(domain:127.0.0.1)'];

async function fetchWith(
  settings: WebFetchSettings,
  input: Record<string, unknown>,
  context: ToolContext = contextWith(LOCAL),
) {
  return createWebFetchTool({ ...NO_PROXY, ...settings }).execute(
    { prompt: 'What changed?', ...input },
    context,
  );
}

describe('WebFetch reads a page', () => {
  it('gives the article as Markdown, without navigation, scripts, styles or the cookie banner', async () => {
    const stages: ToolOutputUpdate[] = [];
    const result = await fetchWith(
      {},
      { url: `${site.base}/article` },
      contextWith(LOCAL, {
        onOutput: (update) => stages.push(update),
      }),
    );
    expect(result.isError).toBeUndefined();
    const text = result.output;
    expect(
      text.startsWith(`Fetched: ${site.base}/article\nTitle: Release notes for Widget 5\n`),
    ).toBe(true);
    for (const marker of CHROME_MARKERS) expect(text).not.toContain(marker);
    expect(text).toContain('## What changed in v5');
    expect(text).toContain(`[migration guide](${site.base}/docs/migrate)`);
    expect(text).toMatch(/^- +The parser is 3x faster$/m);
    expect(text).toContain(
      '```sh\nnpm install widget@5\nnpx widget convert-config widget.ini\n```',
    );
    expect(text).toContain('| Windows | beta |');
    expect(stages.map((stage) => stage.shortResult)).toEqual([
      'Connecting to 127.0.0.1:' + String(site.port),
      expect.stringMatching(/^Reading \d+ KB$/),
      'Extracting the main content',
    ]);
  });

  it('asks a model about the content and gives its answer, under the URL', async () => {
    const asked: SideRequest[] = [];
    const session: ToolSession = {
      setTodos: () => undefined,
      askModel: (purpose, request) => {
        expect(purpose).toBe('webfetch');
        asked.push(request);
        return Promise.resolve({
          text: 'TOML replaces INI; the parser is 3x faster.',
          model: 'side',
        });
      },
    };
    const result = await fetchWith(
      {},
      { url: `${site.base}/article`, prompt: 'What changed in v5?' },
      contextWith(LOCAL, { session }),
    );
    expect(result.output).toBe(
      `Fetched: ${site.base}/article\nTitle: Release notes for Widget 5\nSize: ${result.output.match(/Size: (\d+)/)?.[1]} bytes\nType: text/html; charset=utf-8\n\nTOML replaces INI; the parser is 3x faster.`,
    );
    expect(asked).toHaveLength(1);
    const prompt = asked[0]?.prompt ?? '';
    expect(prompt).toContain('## How to upgrade');
    expect(prompt).toContain('What changed in v5?');
    expect(prompt).toContain('Answer only from this content.');
    for (const marker of CHROME_MARKERS) expect(prompt).not.toContain(marker);
  });

  it('gives the Markdown itself when the model cannot answer, and says why', async () => {
    const session: ToolSession = {
      setTodos: () => undefined,
      askModel: () => Promise.reject(new Error('the key is not set')),
    };
    const result = await fetchWith(
      {},
      { url: `${site.base}/article` },
      contextWith(LOCAL, { session }),
    );
    expect(result.output).toContain('asking a model about it failed: the key is not set');
    expect(result.output).toContain('## How to upgrade');
  });

  it('passes JSON as it is', async () => {
    const result = await fetchWith({}, { url: `${site.base}/data.json` });
    expect(result.output).toContain('{"name":"widget","version":"5.0.0","tags":["fast","toml"]}');
    expect(result.output).toContain('Type: application/json');
  });

  it('reads on from an offset and says where it is', async () => {
    const whole = await fetchWith({}, { url: `${site.base}/data.json` });
    const json = '{"name":"widget","version":"5.0.0","tags":["fast","toml"]}';
    expect(whole.output).not.toContain('offset');
    const rest = await fetchWith({}, { url: `${site.base}/data.json`, offset: 8 });
    expect(rest.output).toContain(json.slice(8));
    expect(rest.output).not.toContain(json.slice(0, 9));
    expect(rest.output).toContain(`characters 8–${json.length} of the page's ${json.length}`);
  });

  it('keeps a page 15 minutes: a second question does not fetch it again', async () => {
    const tool = createWebFetchTool(NO_PROXY);
    const context = contextWith(LOCAL);
    await tool.execute({ url: `${site.base}/article`, prompt: 'a' }, context);
    const again = await tool.execute({ url: `${site.base}/article`, prompt: 'b' }, context);
    expect(again.output).toContain('## What changed in v5');
    expect(site.requests).toEqual(['/article']);
  });
});

describe('WebFetch and redirects', () => {
  it('follows a redirect on the same host and names the URL it read', async () => {
    const result = await fetchWith({}, { url: `${site.base}/moved` });
    expect(result.output.startsWith(`Fetched: ${site.base}/article\n`)).toBe(true);
    expect(site.requests).toEqual(['/moved', '/article']);
  });

  it('does not follow a redirect to another host: it says where, for the model to decide', async () => {
    const result = await fetchWith({}, { url: `${site.base}/away` });
    expect(result.isError).toBeUndefined();
    expect(result.output).toContain('Redirect detected');
    expect(result.output).toContain(`url: http://localhost:${site.port}/article`);
    expect(site.requests).toEqual(['/away']);
  });
});

describe("WebFetch's limits", () => {
  it('reads at most 10 MiB of a larger page and says so', async () => {
    const result = await fetchWith({}, { url: `${site.base}/big` });
    expect(result.output).toContain(`Size: ${10 * 1024 * 1024} bytes`);
    expect(result.output).toContain(
      'The page is larger than 10,240 KB; only its first 10,240 KB were read.',
    );
    expect(result.output).toContain('offset: 100000');
  });

  it('refuses a binary with a sentence', async () => {
    const result = await fetchWith({}, { url: `${site.base}/image.png` });
    expect(result).toEqual({
      isError: true,
      output: `${site.base}/image.png is image/png (1 KB), not a web page or text, so WebFetch did not read it. If the user needs this file, ask them or download it another way.`,
    });
  });

  it('stops a page that never finishes at the timeout, with an error result', async () => {
    const result = await fetchWith({ timeoutMs: 1000 }, { url: `${site.base}/never` });
    expect(result).toEqual({
      isError: true,
      output: `The request to ${site.base}/never did not finish within 1 s, so it was stopped. The site may be slow or down; try again later or another source.`,
    });
  });

  it('says a 404 is not a page', async () => {
    const result = await fetchWith({}, { url: `${site.base}/nothing-here` });
    expect(result).toEqual({
      isError: true,
      output: `${site.base}/nothing-here answered HTTP 404, so there is no page to read.\nThe server said: No such page here.`,
    });
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect((await fetchWith({}, { url: 'file:///etc/passwd' })).output).toBe(
      'WebFetch reads http and https URLs only; file: is not one of them.',
    );
    expect(
      (await fetchWith({}, { url: `http://me:secret@127.0.0.1:${site.port}/article` })).isError,
    ).toBe(true);
    expect(site.requests).toEqual([]);
  });
});

describe('WebFetch never reads a private address without a rule naming the host', () => {
  it('refuses 127.0.0.1 and a name that resolves to it, before any request', async () => {
    for (const url of [`${site.base}/article`, `http://localhost:${site.port}/article`]) {
      const result = await fetchWith({}, { url }, contextWith([]));
      expect(result.isError).toBe(true);
      expect(result.output).toMatch(
        /^Refused to fetch (127\.0\.0\.1|localhost \((127\.0\.0\.1|::1)\)): it is a loopback, private, link-local or metadata address/,
      );
    }
    expect(site.requests).toEqual([]);
  });

  it('is not let through by a rule for another host, nor by a wildcard', async () => {
    const result = await fetchWith(
      {},
      { url: `${site.base}/article` },
      contextWith(['WebFetch(domain:example.com)', 'WebFetch(domain:*.0.0.1)', 'WebFetch']),
    );
    expect(result.output).toContain('Refused to fetch 127.0.0.1');
    expect(site.requests).toEqual([]);
  });

  it('refuses the metadata address whatever the URL spells', async () => {
    for (const host of ['169.254.169.254', '[::ffff:a9fe:a9fe]', '[fd00:ec2::254]', '10.1.2.3']) {
      const result = await fetchWith(
        { timeoutMs: 2000 },
        { url: `https://${host}/latest/meta-data/` },
      );
      expect(result.output, host).toMatch(/^Refused to fetch /);
    }
  });
});

describe('WebFetch over HTTPS and through the proxy', () => {
  let secure: TestSite;
  beforeAll(async () => {
    secure = await startTestSite(true);
  });
  afterAll(async () => {
    await secure.close();
  });
  const tls = { ca: TEST_CERT };

  it('upgrades http to https and goes through HTTPS_PROXY', async () => {
    const proxy = await startTestProxy(secure.port);
    try {
      const result = await fetchWith(
        { proxy: { httpsProxy: proxy.url }, tls: { ...tls, checkServerIdentity: () => undefined } },
        { url: 'http://widget.test/article' },
        contextWith([]),
      );
      expect(result.output.startsWith('Fetched: https://widget.test/article\n')).toBe(true);
      expect(result.output).toContain('## What changed in v5');
      expect(proxy.tunnels).toEqual(['widget.test:443']);
    } finally {
      await proxy.close();
    }
  });

  it('goes direct for a host NO_PROXY names', async () => {
    const proxy = await startTestProxy(secure.port);
    secure.requests.length = 0;
    try {
      const result = await fetchWith(
        { proxy: { httpsProxy: proxy.url, noProxy: '127.0.0.1' }, tls },
        { url: `${secure.base}/data.json` },
      );
      expect(result.output).toContain('"version":"5.0.0"');
      expect(proxy.tunnels).toEqual([]);
      expect(secure.requests).toEqual(['/data.json']);
    } finally {
      await proxy.close();
    }
  });
});
