import { describe, expect, it } from 'vitest';
import type { Block, Message } from '../messages.js';
import { exportFileName } from '../commands/export-file-name.js';
import {
  closedFences,
  conversationMarkdown,
  fencedCode,
  inlineCode,
} from './conversation-markdown.js';

function message(id: string, role: Message['role'], blocks: readonly Block[]): Message {
  return { id, role, blocks, createdAt: 0 };
}

const HEADER = {
  sessionId: 's-1',
  workdir: '/work/project',
  model: 'anthropic claude-sonnet-4-5',
  exportedAt: Date.UTC(2026, 11, 6, 0, 15, 2),
};

describe('conversationMarkdown', () => {
  it('writes the user, the model, a tool call with its summary and a notice, and leaves thinking out', () => {
    const markdown = conversationMarkdown(
      [
        message('u1', 'user', [
          { type: 'text', content: 'list the files\n# not a heading', stage: 'end' },
        ]),
        message('a1', 'assistant', [
          { type: 'reasoning', content: 'SECRET PLAN', stage: 'end' },
          { type: 'text', content: 'Looking.', stage: 'end' },
          {
            type: 'tool',
            id: 't1',
            name: 'Bash',
            stage: 'end',
            parameters: '{"command":"ls","description":"List files"}',
            compactParams: 'ls',
            result: 'a.txt\nb.txt\n',
          },
        ]),
        message('a2', 'assistant', [{ type: 'text', content: 'Two files.', stage: 'end' }]),
        message('n1', 'system', [{ type: 'notice', message: 'Model switched', level: 'info' }]),
      ],
      HEADER,
    );
    expect(markdown).toContain('# Wave conversation');
    expect(markdown).toContain('- Session: `s-1`');
    expect(markdown).toContain('- Exported: 2026-12-06T00:15:02.000Z');
    expect(markdown).toContain('## You\n\n> list the files\n> # not a heading');
    expect(markdown).toContain(
      '## Wave\n\nLooking.\n\n- **Bash** `ls`\n  → `a.txt (+1 lines)`\n\nTwo files.',
    );
    expect(markdown).toContain('*Notice:* Model switched');
    expect(markdown).not.toContain('SECRET PLAN');
    // One heading for consecutive messages of one speaker.
    expect(markdown.match(/## Wave/g)).toHaveLength(1);
  });

  it('closes a code fence the model left open, so the rest of the document stays outside it', () => {
    const markdown = conversationMarkdown(
      [
        message('a1', 'assistant', [
          { type: 'text', content: 'Here:\n````ts\nconst a = 1;', stage: 'end' },
        ]),
        message('u2', 'user', [{ type: 'text', content: 'thanks', stage: 'end' }]),
      ],
      HEADER,
    );
    expect(markdown).toContain('````ts\nconst a = 1;\n````\n\n## You');
  });

  it("fences a shell command's output with more backticks than the output holds", () => {
    const markdown = conversationMarkdown(
      [
        message('u1', 'user', [
          {
            type: 'bang',
            command: 'cat x.md',
            output: '```\nfake end\n```\n## injected',
            stage: 'end',
            exitCode: 0,
          },
        ]),
      ],
      HEADER,
    );
    expect(markdown).toContain('````\n```\nfake end\n```\n## injected\n````');
  });
});

describe('the safe pieces', () => {
  it('fences code with a fence longer than its longest backtick run', () => {
    expect(fencedCode('plain')).toBe('```\nplain\n```');
    expect(fencedCode('a ````` b', 'sh')).toBe('``````sh\na ````` b\n``````');
  });

  it('keeps inline code on one line that its own backticks cannot end', () => {
    expect(inlineCode('a\nb')).toBe('`a b`');
    expect(inlineCode('x `y` z')).toBe('``x `y` z``');
    expect(inlineCode('`edge`')).toBe('`` `edge` ``');
  });

  it('leaves closed fences alone and does not count an info-string line as a close', () => {
    expect(closedFences('```\na\n```\ntext')).toBe('```\na\n```\ntext');
    expect(closedFences('```\na\n```js\nb')).toBe('```\na\n```js\nb\n```');
    expect(closedFences('~~~\na\n```\n')).toBe('~~~\na\n```\n~~~');
  });
});

describe('exportFileName', () => {
  it("is the date, the time and the first prompt's words, with nothing a path could use", () => {
    const at = new Date(2026, 11, 6, 0, 15, 2);
    const messages = [
      message('u1', 'user', [
        { type: 'text', content: 'Fix ../../etc/passwd\u0007 now, please!', stage: 'end' },
      ]),
    ];
    expect(exportFileName(messages, at)).toBe('2026-12-06-001502-fix-etc-passwd-now-please.md');
    expect(exportFileName([], at)).toBe('2026-12-06-001502-conversation.md');
  });
});
