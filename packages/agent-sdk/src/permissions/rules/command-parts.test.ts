import { describe, expect, it } from 'vitest';
import { splitCommand } from './command-parts.js';

const words = async (command: string) =>
  (await splitCommand(command)).parts.map((part) => part.words);

describe('splitCommand', () => {
  it('splits every operator into the simple commands it joins', async () => {
    expect(await words('npm test && rm -rf /')).toEqual(['npm test', 'rm -rf /']);
    expect(await words('make || echo failed')).toEqual(['make', 'echo failed']);
    expect(await words('cd a; ls')).toEqual(['cd a', 'ls']);
    expect(await words('ls -la | grep x')).toEqual(['ls -la', 'grep x']);
    expect(await words('(cd x; ls)')).toEqual(['cd x', 'ls']);
    expect(await words('{ ls; pwd; }')).toEqual(['ls', 'pwd']);
    expect(await words('sleep 1 & curl x')).toEqual(['sleep 1', 'curl x']);
  });

  it('finds the commands inside $(…), backticks and process substitution', async () => {
    expect(await words('echo $(whoami)')).toEqual(['echo $(whoami)', 'whoami']);
    expect(await words('echo `id -u`')).toEqual(['echo `id -u`', 'id -u']);
    expect(await words('diff <(ls a) <(ls b)')).toEqual(['diff <(ls a) <(ls b)', 'ls a', 'ls b']);
  });

  it('keeps redirections out of the words and says when one writes a file', async () => {
    const [part] = (await splitCommand('ls -la > out.txt')).parts;
    expect(part).toMatchObject({ words: 'ls -la', text: 'ls -la > out.txt', redirectsFiles: true });
    expect((await splitCommand('ls 2>&1')).parts[0]?.redirectsFiles).toBe(false);
    expect((await splitCommand('ls 2>/dev/null')).parts[0]?.redirectsFiles).toBe(false);
    expect((await splitCommand('cat <<EOF\nhi\nEOF')).parts[0]?.redirectsFiles).toBe(false);
  });

  it('keeps assignments in the words, and also gives them without', async () => {
    expect((await splitCommand('FOO=1 npm test')).parts[0]).toMatchObject({
      words: 'FOO=1 npm test',
      bareWords: 'npm test',
    });
  });

  it('is not understood when it cannot be parsed or holds shell logic', async () => {
    expect(await splitCommand('echo "unterminated')).toMatchObject({ understood: false });
    expect((await splitCommand('echo "unterminated')).why).toMatch(/could not be parsed/);
    const loop = await splitCommand('for f in *; do rm "$f"; done');
    expect(loop).toMatchObject({ understood: false });
    expect(loop.parts.map((part) => part.words)).toEqual(['rm "$f"']);
    expect((await splitCommand('if true; then ls; fi')).understood).toBe(false);
    expect((await splitCommand('f() { ls; }; f')).understood).toBe(false);
    expect((await splitCommand('')).understood).toBe(false);
  });

  it('understands plain commands', async () => {
    expect(await splitCommand('git commit -m "a b"')).toMatchObject({
      understood: true,
      parts: [{ words: 'git commit -m "a b"' }],
    });
  });

  it('names what a command runs through wrappers and shell scripts, quotes removed', async () => {
    const runs = async (command: string) => (await splitCommand(command)).parts[0]?.runs;
    expect(await runs('\\rm -f "a b"')).toEqual(['rm -f a b']);
    expect(await runs('sudo -u root /usr/bin/env X=1 timeout 5 rm x')).toEqual([
      'sudo -u root /usr/bin/env X=1 timeout 5 rm x',
      'env X=1 timeout 5 rm x',
      'timeout 5 rm x',
      'rm x',
    ]);
    expect(await runs("bash -c 'ls; rm x'")).toEqual(['bash -c ls; rm x', 'ls', 'rm x']);
    expect(await runs('find . -exec rm {} \\; -exec ls +')).toEqual([
      'find . -exec rm {} ; -exec ls +',
      'rm {}',
      'ls',
    ]);
    // The parser can still split the script: a mistake in it hides what runs.
    expect((await splitCommand("sh -c 'rm \"x'")).parts[0]?.hides).toMatch(
      /^a script it runs it could not be parsed/,
    );
  });

  it('says when every word is fixed before it runs', async () => {
    expect((await splitCommand('echo \'a\' "b" c')).parts[0]?.fixed).toBe(true);
    for (const command of ['echo $x', 'echo "$x"', 'echo *.ts', 'echo {a,b}', 'echo $(ls)'])
      expect((await splitCommand(command)).parts[0]?.fixed, command).toBe(false);
  });
});
