import { describe, expect, it } from 'vitest';
import { splitCommand } from './command-parts.js';

const words = (command: string) => splitCommand(command).parts.map((part) => part.words);

describe('splitCommand', () => {
  it('splits every operator into the simple commands it joins', () => {
    expect(words('npm test && rm -rf /')).toEqual(['npm test', 'rm -rf /']);
    expect(words('make || echo failed')).toEqual(['make', 'echo failed']);
    expect(words('cd a; ls')).toEqual(['cd a', 'ls']);
    expect(words('ls -la | grep x')).toEqual(['ls -la', 'grep x']);
    expect(words('(cd x; ls)')).toEqual(['cd x', 'ls']);
    expect(words('{ ls; pwd; }')).toEqual(['ls', 'pwd']);
    expect(words('sleep 1 & curl x')).toEqual(['sleep 1', 'curl x']);
  });

  it('finds the commands inside $(…), backticks and process substitution', () => {
    expect(words('echo $(whoami)')).toEqual(['echo $(whoami)', 'whoami']);
    expect(words('echo `id -u`')).toEqual(['echo `id -u`', 'id -u']);
    expect(words('diff <(ls a) <(ls b)')).toEqual(['diff <(ls a) <(ls b)', 'ls a', 'ls b']);
  });

  it('keeps redirections out of the words and says when one writes a file', () => {
    const [part] = splitCommand('ls -la > out.txt').parts;
    expect(part).toMatchObject({ words: 'ls -la', text: 'ls -la > out.txt', redirectsFiles: true });
    expect(splitCommand('ls 2>&1').parts[0]?.redirectsFiles).toBe(false);
    expect(splitCommand('ls 2>/dev/null').parts[0]?.redirectsFiles).toBe(false);
    expect(splitCommand('cat <<EOF\nhi\nEOF').parts[0]?.redirectsFiles).toBe(false);
  });

  it('keeps assignments in the words, and also gives them without', () => {
    expect(splitCommand('FOO=1 npm test').parts[0]).toMatchObject({
      words: 'FOO=1 npm test',
      bareWords: 'npm test',
    });
  });

  it('is not understood when it cannot be parsed or holds shell logic', () => {
    expect(splitCommand('echo "unterminated')).toMatchObject({ understood: false });
    expect(splitCommand('echo "unterminated').why).toMatch(/could not be parsed/);
    const loop = splitCommand('for f in *; do rm "$f"; done');
    expect(loop).toMatchObject({ understood: false });
    expect(loop.parts.map((part) => part.words)).toEqual(['rm "$f"']);
    expect(splitCommand('if true; then ls; fi').understood).toBe(false);
    expect(splitCommand('f() { ls; }; f').understood).toBe(false);
    expect(splitCommand('').understood).toBe(false);
  });

  it('understands plain commands', () => {
    expect(splitCommand('git commit -m "a b"')).toMatchObject({
      understood: true,
      parts: [{ words: 'git commit -m "a b"' }],
    });
  });
});
