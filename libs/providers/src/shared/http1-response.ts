/** The other side broke HTTP/1.1 framing: the connection cannot be trusted further. */
export class HttpProtocolError extends Error {
  override readonly name = 'HttpProtocolError';
}

/** The answer is larger than the caller accepts. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

/** Headers of an answer larger than this are refused (no insurer sends more than a few hundred bytes). */
const MAX_HEAD_BYTES = 64 * 1024;
const MAX_CHUNK_LINE_BYTES = 1024;

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'until-close' | 'done';

const CRLF = Buffer.from('\r\n', 'latin1');
const BLANK_LINE = Buffer.from('\r\n\r\n', 'latin1');

/** How many bytes of `term` (CRLF or CRLFCRLF) `matched` grows to after `byte`: on a mismatch only a CR can start again. */
function nextMatch(term: Buffer, matched: number, byte: number): number {
  if (byte === term[matched]) return matched + 1;
  return byte === 13 ? 1 : 0;
}

/**
 * Reads one HTTP/1.x response from the bytes of a connection as they arrive, in any split: the status line and
 * headers, then a body framed by Content-Length, by chunked transfer coding, or by the connection's close (a
 * response with neither). Informational (1xx) heads are skipped. `done` once the response is complete;
 * `reusable` tells whether the connection may carry another request.
 */
export class Http1Response {
  status = 0;
  private state: State = 'head';
  /** The start of a head or line still waiting for its end, and how much of the terminator it ends with. */
  private partial: Buffer[] = [];
  private partialLength = 0;
  private partialMatch = 0;
  private remaining = 0;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private keepAlive = true;
  private trailing = false;
  /** Bytes seen so far: none means the other side closed before answering at all. */
  received = 0;

  constructor(
    private readonly maxBodyBytes: number,
    private readonly bodyless = false,
  ) {}

  get done(): boolean {
    return this.state === 'done';
  }

  /** The connection may carry another request: HTTP keep-alive, and nothing arrived after this response. */
  get reusable(): boolean {
    return this.done && this.keepAlive && !this.trailing;
  }

  get body(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size);
  }

  /** Takes the next bytes of the connection; throws HttpProtocolError or AnswerTooLargeError. */
  feed(chunk: Buffer): void {
    this.received += chunk.length;
    const buf = chunk;
    let pos = 0;
    while (pos < buf.length) {
      switch (this.state) {
        case 'done':
          // anything after a complete response: the connection is out of step, not to be reused
          this.trailing = true;
          return;
        case 'head': {
          const head = this.until(buf, pos, BLANK_LINE, MAX_HEAD_BYTES, 'The answer headers are too large.');
          if (!head) return;
          this.readHead(head.text);
          pos = head.next;
          break;
        }
        case 'length':
          pos = this.takeRemaining(buf, pos, 'done');
          break;
        case 'until-close':
          this.take(buf.subarray(pos));
          pos = buf.length;
          break;
        case 'chunk-size': {
          const line = this.until(buf, pos, CRLF, MAX_CHUNK_LINE_BYTES, 'A chunk size line is too long.');
          if (!line) return;
          const size = /^([0-9a-fA-F]{1,8})[ \t]*(;.*)?$/.exec(line.text);
          if (!size) throw new HttpProtocolError('A chunk size is not hexadecimal.');
          pos = line.next;
          this.remaining = parseInt(size[1], 16);
          this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
          break;
        }
        case 'chunk-data':
          pos = this.takeRemaining(buf, pos, 'chunk-end');
          break;
        case 'chunk-end': {
          const line = this.until(buf, pos, CRLF, 0, 'A chunk does not end with CRLF.');
          if (!line) return;
          pos = line.next;
          this.state = 'chunk-size';
          break;
        }
        case 'trailers': {
          const line = this.until(buf, pos, CRLF, MAX_HEAD_BYTES, 'The answer trailers are too large.');
          if (!line) return;
          if (line.text === '') this.state = 'done';
          pos = line.next;
          break;
        }
      }
    }
  }

  /** The connection ended: completes a body framed by the close; anything else unfinished is an error. */
  end(): void {
    if (this.state === 'until-close') this.state = 'done';
    else if (this.state !== 'done') throw new HttpProtocolError('The other side closed the connection mid-answer.');
  }

  /**
   * The text from `pos` up to `term` (the start may have come in earlier chunks), and where the bytes after `term`
   * begin; undefined when `term` is not there yet (the bytes are kept). Each byte is looked at once, however the
   * connection splits them: a peer sending its head a byte at a time costs linear, not quadratic, work.
   */
  private until(buf: Buffer, pos: number, term: Buffer, limit: number, tooLong: string): { text: string; next: number } | undefined {
    if (this.partialLength === 0) {
      const end = buf.indexOf(term, pos);
      if (end >= 0) {
        if (end - pos > limit) throw new HttpProtocolError(tooLong);
        return { text: buf.toString('latin1', pos, end), next: end + term.length };
      }
    }
    let matched = this.partialMatch;
    let i = pos;
    while (i < buf.length && matched < term.length) matched = nextMatch(term, matched, buf[i++]);
    this.partial.push(buf.subarray(pos, i));
    this.partialLength += i - pos;
    if (matched < term.length) {
      this.partialMatch = matched;
      if (this.partialLength > limit + term.length - 1) throw new HttpProtocolError(tooLong);
      return undefined;
    }
    const whole = Buffer.concat(this.partial, this.partialLength);
    this.partial = [];
    this.partialLength = 0;
    this.partialMatch = 0;
    if (whole.length - term.length > limit) throw new HttpProtocolError(tooLong);
    return { text: whole.toString('latin1', 0, whole.length - term.length), next: i };
  }

  /** Takes what is left of the current body part from `pos` (moving on to `then` once it is all in); returns the new position. */
  private takeRemaining(buf: Buffer, pos: number, then: State): number {
    const n = Math.min(this.remaining, buf.length - pos);
    this.take(buf.subarray(pos, pos + n));
    this.remaining -= n;
    if (this.remaining === 0) this.state = then;
    return pos + n;
  }

  private take(bytes: Buffer): void {
    if (!bytes.length) return;
    this.size += bytes.length;
    if (this.size > this.maxBodyBytes) throw new AnswerTooLargeError(`The answer is larger than ${this.maxBodyBytes} bytes.`);
    this.chunks.push(bytes);
  }

  private readHead(head: string): void {
    const lines = head.split('\r\n');
    const statusLine = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: .*)?$/.exec(lines[0]);
    if (!statusLine) throw new HttpProtocolError('The answer does not start with an HTTP/1.x status line.');
    const status = Number(statusLine[2]);
    let length: number | undefined;
    let chunked = false;
    let connection = '';
    for (let i = 1; i < lines.length; i++) {
      const colon = lines[i].indexOf(':');
      if (colon <= 0) throw new HttpProtocolError('An answer header has no name.');
      const name = lines[i].slice(0, colon).trim().toLowerCase();
      const value = lines[i].slice(colon + 1).trim();
      if (name === 'content-length') {
        if (!/^\d{1,15}$/.test(value) || (length !== undefined && length !== Number(value))) throw new HttpProtocolError('The Content-Length is not one number.');
        length = Number(value);
      } else if (name === 'transfer-encoding') {
        chunked = /(^|,)\s*chunked\s*$/i.test(value);
        if (!chunked) throw new HttpProtocolError(`Transfer-Encoding ${value} is not supported.`);
      } else if (name === 'connection') {
        connection += `,${value.toLowerCase()}`;
      }
    }
    if (status < 200) {
      if (status === 101) throw new HttpProtocolError('The other side switched protocols.');
      return; // an informational head: the response follows
    }
    this.status = status;
    this.keepAlive = statusLine[1] === '1' ? !/(^|,)\s*close\s*(,|$)/.test(connection) : /(^|,)\s*keep-alive\s*(,|$)/.test(connection);
    if (this.bodyless || status === 204 || status === 304) this.state = 'done';
    else if (chunked) this.state = 'chunk-size';
    else if (length !== undefined) {
      this.remaining = length;
      this.state = length === 0 ? 'done' : 'length';
    } else {
      this.state = 'until-close';
      this.keepAlive = false;
    }
  }
}
