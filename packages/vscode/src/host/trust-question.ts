// Wave's one question to its host: may the work folder's own settings ask for more than the
// defaults (a higher permission mode, tools that run unasked, another endpoint for the key)?
// Asked in a modal dialog that lists every request (the words and answers are the client's, the
// same in every host); anything but a "Trust" leaves them ignored.
import { window } from 'vscode';
import { answeringTrust, TRUST_CHOICES, trustQuestionWords } from '@wave-agent/client';

export const answerServerRequest = answeringTrust('VS Code', async (question) => {
  const { message, detail } = trustQuestionWords(question);
  const answer = await window.showWarningMessage(
    message,
    { modal: true, detail },
    TRUST_CHOICES.remember,
    TRUST_CHOICES.once,
  );
  if (answer === TRUST_CHOICES.remember) return 'remember';
  if (answer === TRUST_CHOICES.once) return 'once';
  // VS Code adds its own Cancel to a modal: that is the "don't trust".
  return undefined;
});
