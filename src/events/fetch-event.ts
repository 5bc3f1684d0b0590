/**
 * The integration URLs: what GitBook serves at an integration's public endpoint
 * (`https://integrations.gitbook.com/v1/integrations/{name}/integration/...`, and an
 * installation's, `.../installations/{installationId}/...`), served by the mock under
 * `/__integrations` with the same path after it, the URLs the API presents (`urls.publicEndpoint`).
 * A request there (an OAuth callback, a chat tool's events, an outside webhook) goes to the
 * integration as GitBook's dispatcher hands it over: a `fetch` event (the official FetchEvent:
 * the method, URL and headers of the request), its body in the `fetch-body` part, the
 * environment of the installation (and of the space or site installation its path names),
 * signed as every event. The integration's answer is the answer: status, headers and body.
 * Nothing is kept or retried: the caller waits, and may try again (docs/behaviour.md).
 */
import { ApiError, errors } from '../contract/errors.ts';
import type { RouteRow } from '../contract/operation.ts';
import { INTEGRATION_URLS } from '../resources/shared/present-integration.ts';
import type { ContentInstallationRecord, InstallationRecord, IntegrationRecord } from '../store/records.ts';
import type { Tables } from '../store/store.ts';
import { environmentOf } from './address.ts';
import { SINK_URL } from './deliverer.ts';
import type { EventLog } from './event-log.ts';

/** What an integration URL reads of the request's session (build-mock.ts gives it). */
export interface IntegrationSession {
  db: Tables;
  events: Pick<EventLog, 'forward'>;
}

/** The request as it came, and its session. */
export interface IntegrationInput {
  params: Record<string, string>;
  /** The whole URL, query included: what the integration is told it was called at. */
  url: string;
  method: string;
  headers: Headers;
  /** The body text (none for a GET). */
  body: string | undefined;
  session: IntegrationSession;
}

/** An integration URL: a row the registrar serves as any other (build-mock.ts). */
export interface IntegrationRow extends RouteRow {
  handle(input: IntegrationInput): Promise<Response>;
}

/** The methods a FetchEvent's request may have (the official FetchRequest). */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const BASE = `${INTEGRATION_URLS}/v1/integrations/{integrationName}`;
/** Headers of the integration's answer that told how it travelled, not what it is: the mock sends the body again. */
const TRAVEL = ['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'];

/** The space or site installation the path after an installation's URL names (`spaces/{id}/...`), if there is one. */
function contentOf(db: Tables, installation: InstallationRecord, rest: string | undefined) {
  const [kind, target] = (rest ?? '').split('/');
  if (!target || (kind !== 'spaces' && kind !== 'sites')) return undefined;
  const record = (kind === 'spaces' ? db.spaceInstallations : db.siteInstallations).get(`${installation.id}:${target}`);
  return record && { kind: kind === 'spaces' ? ('space' as const) : ('site' as const), record };
}

/** Where the integration's script is reached: a `runtime` delivery URL of its own or of the installation. */
function scriptOf(integration: IntegrationRecord, installation: InstallationRecord | undefined): string {
  const url = installation?.url ?? integration.delivery?.url;
  if (!url || url === SINK_URL || integration.delivery?.format === 'webhook') {
    const has = !url ? 'no url' : url === SINK_URL ? `its events go to ${SINK_URL}` : 'its events go to a webhook receiver';
    throw new ApiError(502, `Integration "${integration.id}" has no script to hand the request to (${has}): give it a url in the runtime format`);
  }
  return url;
}

/** The answer as the integration gave it, but the headers of its travel. */
function passedOn(answer: Response): Response {
  const headers = new Headers(answer.headers);
  for (const name of TRAVEL) headers.delete(name);
  return new Response(answer.body, { status: answer.status, headers });
}

async function forward({ params, url, method, headers, body, session }: IntegrationInput): Promise<Response> {
  const { db } = session;
  const integration = db.integrations.get(params.integrationName);
  if (!integration) throw errors.notFound('Integration', params.integrationName);
  const installation = params.installationId === undefined ? undefined : db.installations.get(params.installationId);
  if (params.installationId !== undefined && installation?.integration !== integration.id) throw errors.notFound('Installation', params.installationId);
  const content: { kind: 'space' | 'site'; record: ContentInstallationRecord } | undefined = installation && contentOf(db, installation, params.integrationPath);
  const script = scriptOf(integration, installation);
  // Presented as the installation sees itself, or the integration without one.
  const user = db.users.get(installation?.user ?? integration.user) ?? db.users.get(integration.user);
  if (!user) throw new ApiError(502, `Integration "${integration.id}" has no user to present it as`);
  const environment = environmentOf({ db, origin: new URL(url).origin, user }, integration, installation, content);
  const answer = await session.events.forward({
    url: script,
    format: 'runtime',
    secret: integration.signingSecret,
    environment,
    payload: {
      type: 'fetch',
      ...(installation && { installationId: installation.id }),
      ...(content && { [`${content.kind}Id`]: content.record.target }),
      request: { method: method.toLowerCase(), url, headers: Object.fromEntries(headers) },
    },
    ...(body !== undefined && method !== 'GET' && { fetchBody: body }),
  });
  if (answer instanceof Response) return passedOn(answer);
  throw new ApiError(502, `Integration "${integration.id}" did not answer at ${script}: ${answer.error}`);
}

/** Every integration URL: the integration's and an installation's, with a path after it or none, for each method. */
export const INTEGRATION_ROWS: readonly IntegrationRow[] = [
  { scope: 'integration', path: `${BASE}/integration` },
  { scope: 'installation', path: `${BASE}/installations/{installationId}` },
].flatMap(({ scope, path }) =>
  [path, `${path}/{integrationPath}`].flatMap((template) =>
    METHODS.map((method): IntegrationRow => ({
      operationId: `${scope}Url${method[0]}${method.slice(1).toLowerCase()}${template === path ? '' : 'Path'}`,
      method,
      path: template,
      status: 200,
      access: 'public',
      // Run in their session and journaled as the API's requests are.
      journaled: true,
      summary: `The ${scope}'s public URL: the request handed to the integration as a fetch event, its answer passed on`,
      responseType: '*/*',
      handle: forward,
    })),
  ),
);
