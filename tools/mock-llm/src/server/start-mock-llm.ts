// The server's lifecycle: listen on an ephemeral loopback port, track every socket and response,
// and on close() end them all at once, so no stall or pause outlives the test that started it.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { loadScenarioFile } from '../scenario/load-scenario-file.js';
import { parseScenario } from '../scenario/parse-scenario.js';
import type { Scenario } from '../scenario/scenario-types.js';
import { TurnScript } from '../scenario/turn-script.js';
import { handleRequest, type RequestContext } from './handle-request.js';
import type { RecordedRequest } from './recorded-request.js';
import { ReleaseGate } from './release-gate.js';

export type StartOptions = (
  { scenario: Scenario; scenarioFile?: undefined } | { scenarioFile: string; scenario?: undefined }
) & {
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Receives one line per request (what came in, which turn or fault answered it). */
  log?: (line: string) => void;
};

export interface MockLlm {
  /** e.g. http://127.0.0.1:54321 — OpenAI clients use `${url}/v1`, the Anthropic SDK `${url}`. */
  readonly url: string;
  /** Every request received, in order; the same array for the server's whole life. */
  readonly requests: RecordedRequest[];
  /** Turns answered with a real reply under the current scenario. */
  readonly served: number;
  /** Ends open sockets, pending pauses and stalls, and stops listening. Safe to call twice. */
  close(): Promise<void>;
  /** Replaces the script (validated); served turns and fault attempts start again from zero. */
  setScenario(scenario: Scenario): void;
  /** Lets every `hold` of the current scenario go on, now and when it is reached later. */
  release(): void;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function start(options: StartOptions): Promise<MockLlm> {
  const initial =
    options.scenario === undefined
      ? await loadScenarioFile(options.scenarioFile)
      : parseScenario(options.scenario);
  let script = new TurnScript(initial);
  let gate = new ReleaseGate();
  let responseCount = 0;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const inFlight = new Set<AbortController>();
  const log = options.log ?? ((): void => {});
  const context: RequestContext = {
    script: () => script,
    requests,
    nextResponseNumber: () => ++responseCount,
    log,
    waitForRelease: (signal) => gate.wait(signal),
  };

  const server = createServer((req, res) => {
    const controller = new AbortController();
    inFlight.add(controller);
    // 'close' fires when the response is done or the client went away; either way pending waits end.
    res.once('close', () => {
      controller.abort(new Error('response closed'));
      inFlight.delete(controller);
    });
    handleRequest(req, res, context, controller.signal).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      log(`mock-llm: internal error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`mock-llm internal error: ${String(error)}`);
      else res.socket?.destroy();
    });
  });
  server.on('connection', (socket) => {
    // Small SSE writes must leave at once, not wait for Nagle to fill a segment.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const host = options.host ?? '127.0.0.1';
  await listen(server, options.port ?? 0, host);
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('mock-llm: the server has no TCP address');
  const url = `http://${urlHost(host)}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    requests,
    get served() {
      return script.served;
    },
    setScenario(scenario) {
      script = new TurnScript(parseScenario(scenario));
      gate = new ReleaseGate();
    },
    release() {
      gate.release();
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const controller of inFlight) controller.abort(new Error('mock-llm is closing'));
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}
