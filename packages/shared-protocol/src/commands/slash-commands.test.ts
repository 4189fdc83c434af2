import { describe, expect, it } from 'vitest';
import {
  completedInput,
  isSlashCommandName,
  matchingCommands,
  parseSlashCommand,
  SLASH_COMMAND_LIST,
  SLASH_COMMANDS,
} from './slash-commands.js';

const names = (commands: readonly { readonly name: string }[]) =>
  commands.map((command) => command.name);

describe('slash commands', () => {
  it('parses a name and its arguments', () => {
    expect(parseSlashCommand('/model  gpt-4.1 ')).toEqual({ name: 'model', args: 'gpt-4.1' });
    expect(parseSlashCommand('/Help')).toEqual({ name: 'help', args: '' });
    expect(parseSlashCommand('/btw what\nis this')).toEqual({ name: 'btw', args: 'what\nis this' });
    expect(parseSlashCommand('hello /model')).toBeUndefined();
    expect(parseSlashCommand('/')).toBeUndefined();
  });

  it('matches names that start with the text first, then names that contain it', () => {
    expect(names(matchingCommands('/', SLASH_COMMAND_LIST))).toEqual([
      'help',
      'clear',
      'resume',
      'rewind',
      'compact',
      'btw',
      'model',
      'effort',
      'tasks',
      'mcp',
      'sandbox',
      'permissions',
      'hooks',
      'memory',
      'skills',
      'plan',
      'exit',
      'add-dir',
      'usage',
      'cost',
      'context',
      'export',
      'doctor',
    ]);
    expect(names(matchingCommands('/e', SLASH_COMMAND_LIST))).toEqual([
      'effort',
      'exit',
      'export',
      'help',
      'clear',
      'resume',
      'rewind',
      'model',
      'permissions',
      'memory',
      'usage',
      'context',
    ]);
    expect(matchingCommands('/model x', SLASH_COMMAND_LIST)).toEqual([]);
    expect(matchingCommands('model', SLASH_COMMAND_LIST)).toEqual([]);
  });

  it('completes to the name and a space', () => {
    expect(completedInput(SLASH_COMMANDS.help)).toBe('/help ');
  });

  it('keys every entry by its own name', () => {
    for (const [key, command] of Object.entries(SLASH_COMMANDS)) expect(command.name).toBe(key);
    expect(isSlashCommandName('rewind')).toBe(true);
    expect(isSlashCommandName('toString')).toBe(false);
  });
});
