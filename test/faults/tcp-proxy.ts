import { createServer, connect, Server, Socket } from 'node:net';

/**
 * A TCP relay in front of PostgreSQL that a test can cut: `down()` closes the listening port (new connections
 * are refused, ECONNREFUSED) and drops every connection through it (the app sees its sockets end under it),
 * `up()` listens on the same port again. What an application sees of a database restart or a network cut.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = createServer();
    const port = await new Promise<number>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port));
    });
    await new Promise<void>((r) => probe.close(() => r()));
    const proxy = new TcpProxy(port, target);
    await proxy.up();
    return proxy;
  }

  /** The same PostgreSQL URL, through this relay. */
  route(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }
}
