// Turns a text source (literal, repeated pattern, numbered words) into the string it stands for.
import type { TextSource } from './scenario-types.js';

export function expandText(source: TextSource): string {
  if ('text' in source) return source.text;
  if ('repeat' in source) return source.repeat.pattern.repeat(source.repeat.count);
  const { count, prefix = 'w', start = 1 } = source.numberedWords;
  const words = new Array<string>(count);
  for (let i = 0; i < count; i++) words[i] = `${prefix}${start + i}`;
  return words.join(' ');
}
