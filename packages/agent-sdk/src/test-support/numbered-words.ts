/** The text tools/mock-llm generates for `numberedWords: { count }`: "w1 w2 … wN". */
export function expandNumberedWords(count: number, prefix = 'w'): string {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`).join(' ');
}
