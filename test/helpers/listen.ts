/** An HTTP server on loopback for a test (a receiver, an integration, the mock), closed by `closeAll`. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

const open: Listening[] = [];

/** Closes every server `listen` opened (in an `afterEach`). */
export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((l) => l.close()));
}

/** An HTTP server on loopback answering with `handle`. */
export async function listen(handle: (request: Request) => Response | Promise<Response>): Promise<Listening> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: handle, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  const listening = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(listening);
  return listening;
}
