/**
 * The HTTP request of a delivery, in one of the two shapes GitBook sends events in
 * (docs/behaviour.md, "Events"):
 * - `runtime`: what GitBook's dispatcher hands an integration's script, which
 *   `createIntegration` of @gitbook/runtime reads: a multipart form with the event (`event`)
 *   and the IntegrationEnvironment (`environment`), signed in `X-GitBook-Integration-Signature`
 *   (HMAC-SHA-256 of the body, hex, keyed by `signingSecrets.integration`). A `fetch` event
 *   (a request to the integration's URL, events/fetch-event.ts) carries the request's body in a
 *   third part, `fetch-body`, which the runtime hands the integration's `fetch` handler.
 * - `webhook`: what GitBook's Webhook integration forwards: the event as JSON, signed in
 *   `X-GitBook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">`.
 * The body and signature are made once per event, so every try sends the same bytes.
 */
import { hex, hmacSha256 } from '../text/digest.ts';

export interface DeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const utf8 = new TextEncoder();

function sign(secret: string, text: string): string {
  return hex(hmacSha256(utf8.encode(secret), text));
}

/**
 * A multipart/form-data body written by hand rather than with FormData: the signature is of
 * the exact bytes sent, and a FormData body is only serialized (with a random boundary) when
 * fetch sends it. JSON text holds no raw line breaks, so no JSON part can contain the boundary
 * line; a forwarded body is checked.
 */
function multipart(boundary: string, fields: [string, string][]): string {
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return `${parts.join('')}--${boundary}--\r\n`;
}

export function encodeDelivery(input: {
  url: string;
  format: 'runtime' | 'webhook';
  secret: string;
  payload: { eventId: string };
  environment: unknown;
  /**
   * When the request is signed, by the wall clock, in milliseconds: the webhook signature's `t`.
   * Its receiver checks `t` against its own clock (docs/behaviour.md, "Times a receiver checks").
   */
  at: number;
  /** The body of the request a `fetch` event forwards (runtime format). */
  fetchBody?: string;
}): DeliveryRequest {
  const event = JSON.stringify(input.payload);
  if (input.format === 'webhook') {
    const t = Math.floor(input.at / 1000);
    return {
      url: input.url,
      headers: { 'content-type': 'application/json', 'user-agent': 'GitBook-Webhook', 'x-gitbook-signature': `t=${t},v1=${sign(input.secret, `${t}.${event}`)}` },
      body: event,
    };
  }
  const fields: [string, string][] = [
    ['event', event],
    ['environment', JSON.stringify(input.environment)],
    ...(input.fetchBody === undefined ? [] : [['fetch-body', input.fetchBody] as [string, string]]),
  ];
  // A forwarded body is anyone's text: the boundary grows until no part holds it.
  let boundary = `gitbook-event-${input.payload.eventId}`;
  while (fields.some(([, value]) => value.includes(boundary))) boundary += '-';
  const body = multipart(boundary, fields);
  return {
    url: input.url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-gitbook-integration-signature': sign(input.secret, body) },
    body,
  };
}
