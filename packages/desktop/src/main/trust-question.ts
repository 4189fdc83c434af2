// Wave's one question to the desktop app: may this folder's own files (.wave/settings.json,
// .mcp.json) ask for more than Wave allows by default? Asked in a native dialog over the folder's
// window that lists every request (the words and answers are the client's, the same in every
// host); anything but a "Trust" — the default button, Escape, closing it — leaves them ignored.
import { answeringTrust, TRUST_CHOICES, trustQuestionWords } from '@wave-agent/client';
import type { ServerRequestHandler, TrustChoice } from '@wave-agent/client';
import type { BrowserWindow, ElectronApi } from './electron-api.js';

const ORDER: readonly TrustChoice[] = ['remember', 'once', 'refuse'];
const REFUSE = ORDER.indexOf('refuse');

export function askTrustInDialog(
  dialog: ElectronApi['dialog'],
  window: BrowserWindow,
): ServerRequestHandler {
  return answeringTrust('The Wave desktop app', async (question) => {
    const { message, detail } = trustQuestionWords(question);
    const options = {
      type: 'warning' as const,
      title: 'Trust this folder?',
      message,
      detail,
      buttons: ORDER.map((choice) => TRUST_CHOICES[choice]),
      defaultId: REFUSE,
      cancelId: REFUSE,
      noLink: true,
    };
    // Over its window once it shows; before that (the first session opens before the page
    // loads) on its own.
    const { response } = await (window.isVisible()
      ? dialog.showMessageBox(window, options)
      : dialog.showMessageBox(options));
    return ORDER[response];
  });
}
