import { describe, expect, it } from 'vitest';
import { readConversationFacts } from './conversation-facts.js';

describe('readConversationFacts', () => {
  it('reads an OpenAI conversation: last user text, tool results after the last assistant message', () => {
    const facts = readConversationFacts('openai', {
      model: 'gpt-x',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'weather?' }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'a' }] },
        { role: 'tool', tool_call_id: 'a', content: 'old' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'b' }, { id: 'c' }] },
        { role: 'tool', tool_call_id: 'b', content: '18 °C' },
        { role: 'tool', tool_call_id: 'c', content: [{ type: 'text', text: '24 °C' }] },
      ],
    });
    expect(facts).toMatchObject({
      api: 'openai',
      model: 'gpt-x',
      stream: true,
      includeUsage: true,
      messageCount: 7,
      lastUserText: 'weather?',
      recentToolResults: ['18 °C', '24 °C'],
    });
  });

  it('reads an Anthropic conversation: tool-result-only user messages are not the "last user text"', () => {
    const facts = readConversationFacts('anthropic', {
      model: 'claude-x',
      messages: [
        { role: 'user', content: 'weather in Paris?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'w', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'sunny' }] },
          ],
        },
      ],
    });
    expect(facts).toMatchObject({
      stream: false,
      includeUsage: false,
      lastUserText: 'weather in Paris?',
      recentToolResults: ['sunny'],
    });
  });
});
