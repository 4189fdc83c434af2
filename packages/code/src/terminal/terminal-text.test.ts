// What a stranger's text may bring to the terminal: nothing but newlines and visible characters
// (terminalText), and what a finished line may carry: Wave's own styling only (stylingOnly).
import { describe, expect, it } from 'vitest';
import { paint } from '../ui/render/ansi.js';
import { stylingOnly, terminalText } from './terminal-text.js';

describe('terminalText', () => {
  it('returns text without control characters as it is (the same string)', () => {
    const text = 'plain words\nand a second line — ünïcödé 漢字 😀';
    expect(terminalText(text)).toBe(text);
  });

  it('drops styling and shows every other sequence for what it is', () => {
    expect(terminalText('a\u001b[8mhidden\u001b[0m b')).toBe('ahidden b');
    expect(terminalText('\u001b]0;title\u0007x')).toBe('␛]0;title␇x');
    expect(terminalText('\u001b]52;c;Zm9v\u001b\\')).toBe('␛]52;c;Zm9v␛\\');
    expect(terminalText('\u001b[2J\u001b[Hx')).toBe('␛[2J␛[Hx');
    expect(terminalText('\u009b31mred')).toBe('red');
    expect(terminalText('\u009b2J')).toBe('\uFFFD2J');
    expect(terminalText('\u001bP1$r\u001b\\')).toBe('␛P1$r␛\\');
  });

  it('keeps newlines, makes Windows line ends one, tabs spaces, and a lone CR visible', () => {
    expect(terminalText('a\r\nb\tc\rd\u0007')).toBe('a\nb    c␍d␇');
  });
});

describe('stylingOnly', () => {
  it("keeps Wave's own styling and newlines, untouched", () => {
    const line = `${paint('bold', { bold: true })}\n${paint('red', { color: 'red' })}`;
    expect(stylingOnly(line)).toBe(line);
  });

  it('shows any other control character as its picture, whatever surrounds it', () => {
    expect(stylingOnly(`${paint('x', { bold: true })}\u001b]0;t\u0007`)).toBe(
      `${paint('x', { bold: true })}␛]0;t␇`,
    );
    expect(stylingOnly('a\u001b[2Kb\u001b[1Ac')).toBe('a␛[2Kb␛[1Ac');
    expect(stylingOnly('\u009b1mbold')).toBe('\u001b[1mbold');
    expect(stylingOnly('a\tb')).toBe('a b');
  });
});
