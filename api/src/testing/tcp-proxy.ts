import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type ProxyFaults = {
  /** Delay added to every chunk, in each direction. */
  latencyMs: number;
  /** Chance that a chunk from the client resets both connections instead of passing. */
  resetRate: number;
};

/**
 * A tiny Toxiproxy: forwards 127.0.0.1:<port> to a target port, adding latency or resetting
 * connections on demand, between the API and its database in the fault tests.
 */
export class TcpProxy {
  faults: ProxyFaults = { latencyMs: 0, resetRate: 0 };
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<TcpProxy> {
    const holder: { proxy?: TcpProxy } = {};
    const server = createServer((client) => holder.proxy?.pipe(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    holder.proxy = new TcpProxy(server, typeof address === 'object' && address ? address.port : 0);
    return holder.proxy;
  }

  private pipe(client: Socket, targetPort: number): void {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    const forward = (from: Socket, to: Socket, fromClient: boolean) => {
      from.on('data', (chunk) => {
        if (fromClient && Math.random() < this.faults.resetRate) {
          client.resetAndDestroy();
          upstream.resetAndDestroy();
          return;
        }
        const send = () => {
          if (!to.destroyed) to.write(chunk);
        };
        if (this.faults.latencyMs > 0) setTimeout(send, this.faults.latencyMs);
        else send();
      });
      from.on('end', () => to.end());
    };
    forward(client, upstream, true);
    forward(upstream, client, false);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
