// One request as the server received it, kept so tests can assert what a client sent.
import type { IncomingHttpHeaders } from 'node:http';

export interface RecordedRequest {
  method: string;
  /** Without the query string, e.g. "/v1/messages". */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  /** Date.now() when the body had been read. */
  time: number;
  /**
   * Set when the connection closed before the response was complete: the client went away
   * (it aborted the request) or the server was closed. Tests use it to see a request cancelled.
   */
  closedEarly?: boolean;
}
