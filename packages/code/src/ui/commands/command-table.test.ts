import { describe, expect, it } from 'vitest';
import { parseSlashCommand } from './command-table.js';
import { defaultCommands } from './default-commands.js';
import { completedInput, matchingCommands } from './slash-completion.js';

describe('slash commands', () => {
  it('parses a name and its arguments', () => {
    expect(parseSlashCommand('/model  gpt-4.1 ')).toEqual({ name: 'model', args: 'gpt-4.1' });
    expect(parseSlashCommand('/Help')).toEqual({ name: 'help', args: '' });
    expect(parseSlashCommand('hello /model')).toBeUndefined();
    expect(parseSlashCommand('/')).toBeUndefined();
  });

  it('matches names that start with the text first, then names that contain it', () => {
    expect(matchingCommands('/', defaultCommands).map((command) => command.name)).toEqual([
      'help',
      'clear',
      'resume',
      'rewind',
      'compact',
      'btw',
      'model',
      'exit',
    ]);
    expect(matchingCommands('/e', defaultCommands).map((command) => command.name)).toEqual([
      'exit',
      'help',
      'clear',
      'resume',
      'rewind',
      'model',
    ]);
    expect(matchingCommands('/model x', defaultCommands)).toEqual([]);
    expect(matchingCommands('model', defaultCommands)).toEqual([]);
  });

  it('completes to the name and a space', () => {
    expect(completedInput(defaultCommands[0]!)).toBe('/help ');
  });
});
