/**
 * A real headless Chromium (Debian's package, driven by playwright-core) and a mock served
 * over a real socket on loopback, for tests of pages. `.ci/install-browser` installs Chromium.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { createMock, type AppOptions, type Mock } from '../../src/app.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `args`: further Chromium flags (for example `--host-resolver-rules` to reach loopback by another name). */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: run 'bash .ci/install-browser' (as root) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    // The flags keep Chromium from reaching for the network on start (this machine has none).
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', ...args],
  });
}

export interface ServedMock {
  mock: Mock;
  origin: string;
  close(): Promise<void>;
}

export async function serveMock(options: AppOptions = {}): Promise<ServedMock> {
  const mock = createMock(options);
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: mock.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  const { port } = server.address() as AddressInfo;
  return {
    mock,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
