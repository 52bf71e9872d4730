import { AnswerTooLargeError, Http1Response, HttpProtocolError } from './http1-response';

/** Feeds `text` one byte at a time (the worst split a connection can deliver), then ends the connection if asked. */
function read(text: string, options: { end?: boolean; max?: number; bodyless?: boolean } = {}): Http1Response {
  const response = new Http1Response(options.max ?? 1024, options.bodyless);
  for (const byte of Buffer.from(text, 'latin1')) response.feed(Buffer.from([byte]));
  if (options.end) response.end();
  return response;
}

const whole = (text: string) => {
  const response = new Http1Response(1024);
  response.feed(Buffer.from(text, 'latin1'));
  return response;
};

describe('Http1Response', () => {
  it('reads a body framed by Content-Length, in any split, and keeps an HTTP/1.1 connection', () => {
    for (const r of [read('HTTP/1.1 200 OK\r\nContent-Length: 7\r\nContent-Type: application/json\r\n\r\n{"a":1}'), whole('HTTP/1.1 200 OK\r\ncontent-length: 7\r\n\r\n{"a":1}')]) {
      expect([r.done, r.status, r.body.toString(), r.reusable]).toEqual([true, 200, '{"a":1}', true]);
    }
  });

  it('reads a chunked body with extensions and trailers', () => {
    const r = read('HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n4;x=y\r\n{"a"\r\n3\r\n:1}\r\n0\r\nX-Trailer: t\r\n\r\n');
    expect([r.done, r.status, r.body.toString(), r.reusable]).toEqual([true, 201, '{"a":1}', true]);
  });

  it('skips informational heads', () => {
    const r = read('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    expect([r.status, r.body.toString()]).toEqual([200, 'ok']);
  });

  it('reads a body framed by the close, and never reuses that connection', () => {
    const r = read('HTTP/1.0 200 OK\r\n\r\nall of it', { end: true });
    expect([r.done, r.body.toString(), r.reusable]).toEqual([true, 'all of it', false]);
  });

  it('honours Connection: close on HTTP/1.1 and keep-alive on HTTP/1.0', () => {
    expect(whole('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n').reusable).toBe(false);
    expect(whole('HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n').reusable).toBe(true);
    expect(whole('HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n').reusable).toBe(false);
  });

  it('has no body for 204, 304 and HEAD', () => {
    expect(whole('HTTP/1.1 204 No Content\r\n\r\n').done).toBe(true);
    expect(whole('HTTP/1.1 304 Not Modified\r\n\r\n').done).toBe(true);
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n', { bodyless: true }).done).toBe(true);
  });

  it('does not reuse a connection that sent more than one response', () => {
    const r = whole('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n');
    expect([r.done, r.body.toString(), r.reusable]).toEqual([true, 'ok', false]);
  });

  it('refuses broken framing, and a close before the answer is whole', () => {
    expect(() => read('HTTP/2 200\r\n\r\n')).toThrow(HttpProtocolError);
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n')).toThrow(HttpProtocolError);
    expect(() => read('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n')).toThrow(HttpProtocolError);
    expect(() => read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')).toThrow(HttpProtocolError);
    expect(() => read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokXX')).toThrow(HttpProtocolError);
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort', { end: true })).toThrow(HttpProtocolError);
    expect(() => read('HTTP/1.1 101 Switching Protocols\r\n\r\n')).toThrow(HttpProtocolError);
    expect(() => read(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(70_000)}`)).toThrow(HttpProtocolError);
  });

  it('refuses a body larger than the caller takes, however it is framed', () => {
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world', { max: 10 })).toThrow(AnswerTooLargeError);
    expect(() => read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nb\r\nhello world\r\n0\r\n\r\n', { max: 10 })).toThrow(AnswerTooLargeError);
    expect(() => read('HTTP/1.0 200 OK\r\n\r\nhello world', { max: 10 })).toThrow(AnswerTooLargeError);
  });
});
