/**
 * The MSW request handlers of one mock: every request under `${baseUrl}/v1` (the API) and
 * `${baseUrl}/__files` (the files the API links to, such as downloads) is answered by the
 * mock's own app, in the page or the Node process, exactly as its server answers it.
 */
import { http, type HttpHandler } from 'msw';
import type { Mock } from '../build-mock.ts';

export const DEFAULT_BASE_URL = 'https://api.gitbook.com';

/** `https://host/prefix/` → `https://host/prefix`; refuses what is not an http(s) URL. */
export function normalBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`gitbook-mock/msw: baseUrl "${baseUrl}" is not a URL (like ${DEFAULT_BASE_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`gitbook-mock/msw: baseUrl "${baseUrl}" is not an http(s) URL`);
  url.pathname = url.pathname.replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url;
}

/**
 * The request as the mock sees it: under a base URL with a path (`https://host/gitbook`), the
 * path after it (`/v1/...`) on the same origin. A request at the root of the origin goes as is.
 */
async function forMock(request: Request, prefix: string): Promise<Request> {
  if (!prefix) return request;
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return new Request(url, { method: request.method, headers: request.headers, body });
}

export function mockHandlers(mock: Mock, baseUrl: string): HttpHandler[] {
  const base = normalBaseUrl(baseUrl);
  const root = base.href.replace(/\/+$/, '');
  const answer = async ({ request }: { request: Request }) => mock.app.fetch(await forMock(request, base.pathname));
  return ['/v1', '/v1/*', '/__files/*'].map((path) => http.all(`${root}${path}`, answer));
}
