import { createServer, type Socket } from 'node:net';

const REQUEST_END = Buffer.from('\r\n\r\n');

/**
 * An HTTP/1.1 server that answers every request (bodiless: GETs) with the same 200 JSON response, its bytes made once,
 * without parsing more of a request than where it ends. Cheaper per request than node:http's server (which parses
 * every header, makes request and response objects and writes the head each time), so the rate a load generator
 * reaches against it is the generator's own ceiling rather than the server's. `body()` is read at each connection.
 */
export async function startConstantServer(body: () => Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    const b = body();
    const response = Buffer.concat([
      Buffer.from(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${b.length}\r\nConnection: keep-alive\r\n\r\n`,
        'latin1',
      ),
      b,
    ]);
    // the bytes of a request's end may arrive split over two reads: the tail of the last read is searched with the next
    let tail = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      const data = tail.length ? Buffer.concat([tail, chunk]) : chunk;
      let answered = 0;
      for (let at = data.indexOf(REQUEST_END); at >= 0; at = data.indexOf(REQUEST_END, at + REQUEST_END.length)) {
        socket.write(response);
        answered = at + REQUEST_END.length;
      }
      tail = Buffer.from(data.subarray(Math.max(answered, data.length - (REQUEST_END.length - 1))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/constant`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
