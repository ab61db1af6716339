// A dispatch handler that collects one response under a size cap. Used instead of undici's
// request(): no body stream, no AbortSignal plumbing (an AbortSignal per request cost about a
// third of a bare request's CPU on Node 20); aborting goes through the dispatch controller.
import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';

export interface Collected {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export class Collector implements Dispatcher.DispatchHandler {
  readonly done: Promise<Collected>;
  /** Its place among the exchanges under its caller's signal (transport.ts watchSignal). */
  slot = -1;
  private resolve!: (c: Collected) => void;
  private reject!: (e: Error) => void;
  private controller: Dispatcher.DispatchController | null = null;
  private pendingAbort: Error | undefined;
  private settled = false;
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  // A body of one chunk (most answers) is decoded at its end, without the copy Buffer.concat
  // made. A longer one is decoded chunk by chunk as it arrives, while the next chunk is on the
  // wire (a split UTF-8 character waits in the decoder): a 4.8 MB answer (a 65,536-line show)
  // was copied whole and then decoded whole after its last byte; what is left then is a join.
  private first: Buffer | undefined;
  private decoder: StringDecoder | undefined;
  private readonly parts: string[] = [];
  // A body handed out as it arrives keeps its bytes instead (off V8's heap: 4.8 MB of parts,
  // alive until the end, were copied by every young collection on the way); its text is made
  // only when read, which a streamed show whose scan read the whole body never does.
  private streamed = false;
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly tooBig: () => Error,
    private readonly onSettle: () => void,
    /** A 2xx answer's text, part by part as it arrives (a show printed as it comes). */
    private onText?: ((part: string) => void) | undefined,
  ) {
    this.done = new Promise<Collected>((res, rej) => {
      this.resolve = res;
      this.reject = rej;
    });
    // Settled before anyone awaits (a synchronous dispatch failure) must not be "unhandled".
    this.done.catch(() => {});
  }

  /** Fails the exchange now; the request is aborted as soon as undici lets us. */
  abort(reason: Error): void {
    if (this.settled) return;
    if (this.controller) this.controller.abort(reason);
    else this.pendingAbort = reason;
    this.fail(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.pendingAbort) controller.abort(this.pendingAbort);
  }

  /** Whether the answer's status line and headers came (a retry would not be safe to hide). */
  get answered(): boolean {
    return this.status !== 0;
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.status = statusCode;
    this.headers = headers;
    if (statusCode < 200 || statusCode >= 300) this.onText = undefined;
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      const e = this.tooBig();
      controller.abort(e);
      this.fail(e);
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      const e = this.tooBig();
      controller.abort(e);
      this.fail(e);
      return;
    }
    if (this.first === undefined && this.decoder === undefined && !this.onText) {
      this.first = chunk;
      return;
    }
    if (!this.decoder) {
      this.decoder = new StringDecoder('utf8');
      this.streamed = this.onText !== undefined;
      if (this.first) this.parts.push(this.decoder.write(this.first));
      this.first = undefined;
    }
    if (this.streamed) this.chunks.push(chunk);
    this.give(this.decoder.write(chunk));
  }

  /** A decoded part: kept (unless its bytes are), and handed to onText (a throwing onText is not called again). */
  private give(part: string): void {
    if (!this.streamed) this.parts.push(part);
    if (!this.onText || part === '') return;
    try {
      this.onText(part);
    } catch {
      this.onText = undefined;
    }
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettle();
    if (!this.decoder) {
      const text = this.first?.toString('utf8') ?? '';
      this.resolve({ status: this.status, headers: this.headers, text });
      return;
    }
    this.give(this.decoder.end());
    this.resolve(
      new LazyBody(this.status, this.headers, this.parts, this.streamed ? this.chunks : undefined),
    );
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, err: Error): void {
    this.fail(err);
  }

  private fail(e: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettle();
    this.reject(e);
  }
}

/**
 * An answer whose text is made when read: a streamed show whose scan read the whole body never
 * reads it (a 4.8 MB copy after the last byte, while the terminal waits for the prompt). A
 * class, not an object literal with a getter: such a getter kept the context it closes over
 * alive through young collections (docs/development.md, "Short-lived objects").
 */
class LazyBody implements Collected {
  private made: string | undefined;
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | string[] | undefined>,
    private readonly parts: readonly string[],
    /** A body handed out as it arrived keeps its bytes instead of its parts. */
    private readonly chunks: readonly Buffer[] | undefined,
  ) {}

  get text(): string {
    this.made ??= this.chunks ? Buffer.concat(this.chunks).toString('utf8') : this.parts.join('');
    return this.made;
  }
}
