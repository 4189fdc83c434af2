// The workspace-trust question as lines: which folder, what exactly its files ask for (each
// request in full, wrapped, never cut: a URL the key would go to must be read whole), and why
// it matters. The choices below are a ChoicePicker.
import type { RequestWorkspaceTrustParams as TrustQuestion } from '@wave-agent/shared-protocol';
import { paint } from '../render/ansi.js';
import { hardWrapAnsiLine } from '../render/ansi-lines.js';
import type { PickerSpec } from '../../commands/command-context.js';

export function trustQuestionLines(question: TrustQuestion, width: number): string[] {
  const lines = [
    paint('This folder asks for more than Wave allows by default', { bold: true, color: 'yellow' }),
    `  ${question.workdir}`,
  ];
  const sources = [...new Set(question.requests.map((request) => request.source))];
  for (const source of sources) {
    lines.push(`  ${paint(source, { dim: true })} asks to:`);
    for (const request of question.requests.filter((r) => r.source === source)) {
      lines.push(
        `    • ${request.description}  ${paint(`(${request.setting}: ${request.value})`, { dim: true })}`,
      );
    }
  }
  lines.push(
    '  Files in a folder are whoever wrote them; trust it only if that is you, or you have read them.',
  );
  return lines.flatMap((line) => hardWrapAnsiLine(line, width));
}

export function trustChoices(trustedFoldersFile: string): PickerSpec {
  return {
    title: 'Trust this folder?',
    items: [
      {
        label: 'Trust this folder with these settings',
        detail: `remembered in ${trustedFoldersFile}`,
      },
      { label: "Don't trust it", detail: 'start without these settings (asked again next time)' },
    ],
    initial: 1,
    escapeHint: "Esc: don't trust · Ctrl+C quits",
  };
}

export function trustAnswerLine(question: TrustQuestion, trusted: boolean): string {
  return trusted
    ? paint(`✓ Trusted ${question.workdir} with its settings.`, { color: 'green' })
    : paint(`Not trusted: the settings above are ignored this time.`, { color: 'yellow' });
}
