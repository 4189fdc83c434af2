// The Response httpFetch gives: what the Fetch API's Response and Headers offer, over a reply of
// node:http. Not Node's own classes: the first read of the global Response or Headers loads
// Node's whole fetch implementation (undici, ~20 ms of CPU at start), which a model call over
// node:http never uses. Headers iterate as the standard says (names in lower case, sorted,
// values of one name joined by ", ", set-cookie apart) and refuse changes (a response's are
// immutable); the body is read once. formData() is the one use that loads Node's Response.

/** A reply's headers as the Fetch API shows them. */
export class HttpHeaders implements Headers {
  private readonly byName = new Map<string, string[]>();

  /** `raw`: node:http's rawHeaders, name and value alternating. */
  constructor(raw: readonly string[]) {
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      const value = raw[i + 1]!.trim();
      const list = this.byName.get(name);
      if (list) list.push(value);
      else this.byName.set(name, [value]);
    }
  }

  readonly get = (name: string): string | null =>
    this.byName.get(name.toLowerCase())?.join(', ') ?? null;

  readonly has = (name: string): boolean => this.byName.has(name.toLowerCase());

  readonly getSetCookie = (): string[] => [...(this.byName.get('set-cookie') ?? [])];

  readonly append = (): void => immutable();
  readonly set = (): void => immutable();
  readonly delete = (): void => immutable();

  readonly forEach = (
    callback: (value: string, key: string, headers: Headers) => void,
    thisArg?: unknown,
  ): void => {
    for (const [name, value] of this.sorted()) callback.call(thisArg, value, name, this);
  };

  readonly entries = (): IterableIterator<[string, string]> => this.sorted();
  readonly keys = (): IterableIterator<string> => mapped(this.sorted(), ([name]) => name);
  readonly values = (): IterableIterator<string> => mapped(this.sorted(), ([, value]) => value);
  readonly [Symbol.iterator] = (): IterableIterator<[string, string]> => this.sorted();

  private *sorted(): IterableIterator<[string, string]> {
    for (const name of [...this.byName.keys()].sort()) {
      const list = this.byName.get(name) ?? [];
      if (name === 'set-cookie') for (const value of list) yield [name, value];
      else yield [name, list.join(', ')];
    }
  }
}

function immutable(): never {
  throw new TypeError('immutable');
}

function* mapped<T, U>(items: Iterable<T>, map: (item: T) => U): IterableIterator<U> {
  for (const item of items) yield map(item);
}

export interface HttpResponseInit {
  readonly status: number;
  readonly statusText: string;
  readonly headers: HttpHeaders;
  /** The URL that was asked (fetch's `response.url`). */
  readonly url: string;
}

/** A reply of node:http as a Fetch API Response. */
export class HttpResponse implements Response {
  readonly status: number;
  readonly statusText: string;
  readonly headers: HttpHeaders;
  readonly url: string;
  readonly type = 'basic' as const;
  readonly redirected = false;
  private read = false;
  private stream: ReadableStream<Uint8Array<ArrayBuffer>> | null;

  constructor(body: ReadableStream<Uint8Array<ArrayBuffer>> | null, init: HttpResponseInit) {
    this.stream = body;
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.stream;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get bodyUsed(): boolean {
    return this.read || (this.body?.locked ?? false);
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.read = true;
    if (this.body === null) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    let length = 0;
    const reader = this.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      length += read.value.byteLength;
    }
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' });
  }

  async formData(): Promise<FormData> {
    // Rare for a model API; Node's own Response parses it.
    const response = new Response(await this.bytes(), { headers: [...this.headers] });
    return response.formData();
  }

  clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    let body: ReadableStream<Uint8Array<ArrayBuffer>> | null = null;
    if (this.body !== null) {
      const [mine, theirs] = this.body.tee();
      this.stream = mine;
      body = theirs;
    }
    return new HttpResponse(body, this);
  }
}
