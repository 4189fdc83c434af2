import { describe, expect, it } from 'vitest';
import { editJsonc, lineColumnAt, parseJsonc } from './jsonc-text.js';

describe('parseJsonc', () => {
  it('reads comments and trailing commas, as Claude Code and VS Code settings allow', () => {
    const text =
      '{\n  // who may run what\n  "permissions": {"allow": ["Bash(ls)",],},\n  /* end */\n}';
    expect(parseJsonc(text)).toMatchObject({
      value: { permissions: { allow: ['Bash(ls)'] } },
    });
    expect(parseJsonc(text).error).toBeUndefined();
  });

  it('gives the first error with its line and column', () => {
    const text = '{\n  "model": "m"\n  "other": 1\n}';
    const { error, value } = parseJsonc(text);
    expect(value).toBeUndefined();
    expect(error?.message).toBe('comma expected');
    expect(lineColumnAt(text, error?.offset ?? -1)).toEqual({ line: 3, column: 3 });
  });

  it('says where a cut-off file ends', () => {
    const text = '{"model": "x"';
    expect(parseJsonc(text).error?.message).toBe('close brace expected');
  });

  it('names nested keys by their dotted path, three levels down, and none inside arrays', () => {
    const text =
      '{\n  "models": {\n    "fast": {"baseURL": "x", "deep": {"no": 1}}\n  },\n  "list": [{"k": 1}]\n}';
    const paths = parseJsonc(text).keyOffsets;
    expect(paths.get('models.fast.baseURL')).toBe(text.indexOf('"baseURL"'));
    expect([...paths.keys()]).toEqual([
      'models',
      'models.fast',
      'models.fast.baseURL',
      'models.fast.deep',
      'list',
    ]);
  });

  it('finds an array element under a key whose name holds a dot', () => {
    const text = '{"a.b": {"allow": ["x", "y"]}}';
    expect(parseJsonc(text).elementOffset('a.b.allow', 1)).toBe(text.indexOf('"y"'));
  });

  it('keeps the last of a repeated key, as JSON.parse does', () => {
    expect(parseJsonc('{"a": 1, "a": 2}').value).toEqual({ a: 2 });
  });
});

describe('editJsonc', () => {
  it('appends to an array and keeps the comments around it', () => {
    const text = '{\n  // mine\n  "permissions": {"allow": ["Read"]}\n}\n';
    const edited = editJsonc(text, ['permissions', 'allow', -1], 'Bash(ls)');
    expect(edited).toContain('// mine');
    expect(parseJsonc(edited).value).toEqual({ permissions: { allow: ['Read', 'Bash(ls)'] } });
  });

  it('indents what it writes as the file is indented: tabs, or four spaces', () => {
    const tabs = '{\n\t"model": "a",\n\t"provider": "openai"\n}\n';
    expect(editJsonc(tabs, ['model'], undefined)).toBe('{\n\t"provider": "openai"\n}\n');
    expect(editJsonc(tabs, ['effort'], 'high')).toBe(
      '{\n\t"model": "a",\n\t"provider": "openai",\n\t"effort": "high"\n}\n',
    );
    const four = '{\r\n    "model": "a"\r\n}\r\n';
    expect(editJsonc(four, ['effort'], 'high')).toBe(
      '{\r\n    "model": "a",\r\n    "effort": "high"\r\n}\r\n',
    );
  });

  it('creates the path in an empty object', () => {
    expect(parseJsonc(editJsonc('{}', ['permissions', 'allow'], ['Read'])).value).toEqual({
      permissions: { allow: ['Read'] },
    });
  });
});
