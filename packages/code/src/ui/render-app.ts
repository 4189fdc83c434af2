// Mounts the App the way the CLI does: Ink bounds terminal writes to 30 frames a second (the
// only throttle there is, ARCHITECTURE §2.5, in the render layer), React draws the session at most
// once per such frame (hooks/frame-clock.ts: every event is still applied when it arrives),
// Ctrl+C is the App's (press twice), console output is left alone, and a render error ends the
// app with that error (exit-on-render-error.tsx), not Ink's overview of it.

import { createElement } from 'react';
import { render } from 'ink';
import type { Instance } from 'ink';
import type { AppProps } from './App.js';
import { App } from './App.js';
import { ExitOnRenderError } from './exit-on-render-error.js';
import { FrameInterval } from './hooks/frame-clock.js';
import { reflowAwareStdout } from './render/reflow-aware-stdout.js';

const MAX_FPS = 30;
/** Ink's own frame interval for MAX_FPS (it rounds up). */
const FRAME_MS = Math.ceil(1000 / MAX_FPS);

export interface RenderAppOptions extends AppProps {
  readonly stdout?: NodeJS.WriteStream;
  readonly stdin?: NodeJS.ReadStream;
  readonly stderr?: NodeJS.WriteStream;
}

/** Renders the App; await `instance.waitUntilExit()` to know when the user left. */
export function renderApp(options: RenderAppOptions): Instance {
  const { stdout = process.stdout, stdin, stderr, ...props } = options;
  const app = createElement(
    ExitOnRenderError,
    null,
    createElement(FrameInterval.Provider, { value: FRAME_MS }, createElement(App, props)),
  );
  return render(app, {
    maxFps: MAX_FPS,
    exitOnCtrlC: false,
    patchConsole: false,
    // A terminal reflows what it shows on resize; Ink's erases must count with it.
    stdout: stdout.isTTY ? reflowAwareStdout(stdout) : stdout,
    ...(stdin ? { stdin } : {}),
    ...(stderr ? { stderr } : {}),
  });
}
