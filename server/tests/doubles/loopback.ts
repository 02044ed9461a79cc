/**
 * The HTTP side every provider double shares: a server on a free loopback port, `baseUrl` being where the store is
 * told the provider lives. A double supplies `handle`; one that needs files beside it (keys) extends start and stop.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export abstract class LoopbackDouble {
  baseUrl = '';
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> | void;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
