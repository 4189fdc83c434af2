// Wave's one question to its host: may the work folder's own settings ask for more than the
// defaults (a higher permission mode, tools that run unasked, another endpoint for the key)?
// Asked in a modal dialog that lists every request (the words and answers are the client's, the
// same in every host); anything but a "Trust" leaves them ignored.
import { window } from 'vscode';
import { answeringTrust, TRUST_CHOICES, trustQuestionWords } from '@wave-agent/client';

export const answerServerRequest = answeringTrust('VS Code', async (question) => {
  const { message, detail } = trustQuestionWords(question);
  // VS Code makes a modal's first button the primary one and focuses it: the refusal comes
  // first, so a reflexive Enter or Space refuses (as the desktop app's default does), never
  // trusts. VS Code adds its own Cancel (Escape, the close button), which refuses too.
  const answer = await window.showWarningMessage(
    message,
    { modal: true, detail },
    TRUST_CHOICES.refuse,
    TRUST_CHOICES.once,
    TRUST_CHOICES.remember,
  );
  if (answer === TRUST_CHOICES.remember) return 'remember';
  if (answer === TRUST_CHOICES.once) return 'once';
  return undefined;
});
