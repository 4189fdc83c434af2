// A lazy model loads its provider at its first call, once, and then behaves as that model.
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createDemoModel } from './demo-model.js';
import { lazyModel } from './lazy-model.js';

describe('lazyModel', () => {
  it('loads nothing until a call, then loads once and answers as the loaded model', async () => {
    let loads = 0;
    const loaded: LanguageModelV3 = createDemoModel({ wordDelayMs: 0 });
    const model = lazyModel({ provider: 'demo.chat', modelId: 'demo' }, () => {
      loads++;
      return Promise.resolve(loaded);
    });
    expect(loads).toBe(0);
    expect([model.provider, model.modelId, model.specificationVersion]).toEqual([
      'demo.chat',
      'demo',
      'v3',
    ]);
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];
    const direct = await loaded.doGenerate({ prompt });
    const viaLazy = await model.doGenerate({ prompt });
    expect(viaLazy.content).toEqual(direct.content);
    await model.doStream({ prompt });
    expect(await model.supportedUrls).toEqual(await loaded.supportedUrls);
    expect(loads).toBe(1);
  });
});
