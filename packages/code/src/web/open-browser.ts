// Opens the address in the user's default browser, without a shell (the address carries the
// access token; nothing may interpret it). Where no opener exists the caller says so and the
// user opens the printed address themselves.
import { spawn } from 'node:child_process';

function opener(url: string, platform: NodeJS.Platform): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32')
    return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
  return { command: 'xdg-open', args: [url] };
}

/** Resolves with a sentence when the browser could not be started, else undefined. */
export function openBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  const { command, args } = opener(url, platform);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', (error) =>
      resolve(
        `Could not start a browser (${command}: ${error.message}); open the address above yourself.`,
      ),
    );
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}
