// /model in the chat UI reads its arguments as the terminal does (shared-protocol's
// parseModelArguments): the flags are not part of the name, and keeping the model is said to be
// the terminal's.
import type { SessionHandle } from '@wave-agent/client';
import { describe, expect, it } from 'vitest';
import type { CommandUi, NoteLevel } from './web-commands.js';
import { webCommand } from './web-commands.js';

async function model(args: string) {
  const switched: string[] = [];
  const notes: { text: string; level: NoteLevel | undefined }[] = [];
  const session = {
    getSnapshot: () => ({ model: { provider: 'openai', model: 'gpt-4.1' } }),
    setModel: (name: string) => {
      switched.push(name);
      return Promise.resolve();
    },
  } as unknown as SessionHandle;
  const ui = { note: (text: string, level?: NoteLevel) => notes.push({ text, level }) };
  await webCommand('model')?.({ session, args, ui: ui as unknown as CommandUi });
  return { switched, notes };
}

describe('/model in the chat UI', () => {
  it('switches to the name without its flags and says where keeping it is done', async () => {
    expect(await model('--project fast')).toEqual({
      switched: ['fast'],
      notes: [
        {
          text: 'The model is now fast for this session. Keeping it for next time (--save, --project) is done in the terminal: wave /model NAME --save.',
          level: 'warning',
        },
      ],
    });
    expect(await model('fast')).toEqual({
      switched: ['fast'],
      notes: [{ text: 'The model is now fast for this session.', level: 'info' }],
    });
  });
});
