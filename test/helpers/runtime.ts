/**
 * @gitbook/runtime (GitBook's integration runtime, from npm) ships its TypeScript sources,
 * which type-check only with Cloudflare's worker types: it is loaded by a name tsc does not
 * follow, with the few types the tests use. Vitest compiles and runs it as it is.
 */
import type { Event, GitBookAPI, IntegrationEnvironment } from '@gitbook/api';

export interface RuntimeContext {
  environment: IntegrationEnvironment;
  /** The client as the installation (its token from the environment), else as the integration. */
  api: GitBookAPI;
}

type Handler<T extends Event['type']> = (event: Extract<Event, { type: T }>, context: RuntimeContext) => Promise<void> | void;

export interface Runtime {
  createIntegration(definition: {
    /** A request to the integration's URL, handed over as a `fetch` event. */
    fetch?: (request: Request, context: RuntimeContext) => Promise<Response> | Response;
    events?: { [T in Event['type']]?: Handler<T> };
  }): {
    fetch(request: Request, env: unknown, context: { waitUntil(promise: Promise<unknown>): void }): Promise<Response>;
  };
}

export async function loadRuntime(): Promise<Runtime> {
  const name = '@gitbook/runtime';
  return (await import(/* @vite-ignore */ name)) as Runtime;
}
