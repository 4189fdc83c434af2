// The workspace-trust question, shown before the first turn when the work folder's files ask
// for more than the defaults (see trust-question-lines.ts). Enter on the highlighted choice
// answers; Esc means no; Ctrl+C quits wave. Once answered it shrinks to one line.
import { useEffect, useState } from 'react';
import { Box, useApp, useInput } from 'ink';
import type {
  RequestWorkspaceTrustParams as Question,
  RequestWorkspaceTrustResult as TrustAnswer,
} from '@wave-agent/shared-protocol';
import { ChoicePicker } from '../picker/ChoicePicker.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import { trustAnswerLine, trustChoices, trustQuestionLines } from './trust-question-lines.js';
import { SafeText } from '../SafeText.js';

export type TrustOutcome = TrustAnswer | 'quit';

interface TrustQuestionProps {
  readonly question: Question;
  readonly trustedFoldersFile: string;
  readonly onAnswer: (outcome: TrustOutcome) => void;
}

export function TrustQuestion({ question, trustedFoldersFile, onAnswer }: TrustQuestionProps) {
  const { columns } = useTerminalSize();
  const { exit } = useApp();
  const [outcome, setOutcome] = useState<TrustOutcome | undefined>(undefined);
  useInput(
    (input, key) => {
      if (key.ctrl && input === 'c') setOutcome('quit');
    },
    { isActive: outcome === undefined },
  );
  useEffect(() => {
    if (outcome === undefined) return;
    onAnswer(outcome);
    exit();
  }, [outcome, onAnswer, exit]);

  if (outcome === 'quit') return null;
  if (outcome !== undefined)
    return <SafeText>{trustAnswerLine(question, outcome.trusted)}</SafeText>;
  return (
    <Box flexDirection="column">
      <SafeText>{trustQuestionLines(question, columns).join('\n')}</SafeText>
      <ChoicePicker
        spec={trustChoices(trustedFoldersFile)}
        columns={columns}
        isActive
        onChoose={(index) =>
          setOutcome(index === 0 ? { trusted: true, remember: true } : { trusted: false })
        }
        onCancel={() => setOutcome({ trusted: false })}
      />
    </Box>
  );
}
