// Asks the workspace-trust question in the terminal, before the App (and its Agent, whose options
// depend on the answer) exists: an Ink instance of its own that ends when answered.
import { render } from 'ink';
import type { RequestWorkspaceTrustParams as Question } from '@wave-agent/shared-protocol';
import { TrustQuestion } from './TrustQuestion.js';
import type { TrustOutcome } from './TrustQuestion.js';

export interface TrustTerminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

export async function askTrustInTerminal(
  question: Question,
  trustedFoldersFile: string,
  terminal: TrustTerminal,
): Promise<TrustOutcome> {
  let outcome: TrustOutcome = { trusted: false };
  const instance = render(
    <TrustQuestion
      question={question}
      trustedFoldersFile={trustedFoldersFile}
      onAnswer={(answer) => (outcome = answer)}
    />,
    { ...terminal, exitOnCtrlC: false, patchConsole: false },
  );
  await instance.waitUntilExit();
  return outcome;
}
