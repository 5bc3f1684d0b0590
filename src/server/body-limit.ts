/**
 * Refuses a request body over its limit with 413 while it streams, whatever the framing
 * (Content-Length or chunked): the bytes are counted as they arrive from the socket, and the
 * first chunk past the limit ends the read and answers; nothing past the limit is kept.
 * @hono/node-server then drains what the client still sends (up to 64 MB or half a second)
 * and closes the connection.
 *
 * Why not hono/body-limit: it wraps `c.req.raw.body`, which makes @hono/node-server build a
 * web stream for every body (measured: posting a comment at a fifth of the throughput). This
 * reads the Node request directly and hands the text to the pipeline, which keeps it on the
 * request's exchange for the registrar and the journal: the body is read once.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { ApiError, errors } from '../contract/errors.ts';
import { utf8Length } from '../text/digest.ts';
import { headerOf } from '../contract/request-header.ts';
import { binaryOf } from '../text/binary.ts';

/**
 * Admin imports (`PUT /__admin/state`) have their own limits: the export of `large` is 35 MB
 * and 116,000 rows, and an exported state must come back. Past either: 413 with the error body.
 */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 2_000_000;

/**
 * Reads a Node request's body as UTF-8 text (or, `binary`, one character per byte: text/binary.ts);
 * rejects with 413 once it passes `maxBytes`. The listeners stay on the request once the promise
 * settled (they then do nothing): taking five of them off again cost more than the read of a
 * small body, on every POST.
 */
export function readLimited(incoming: IncomingMessage, maxBytes: number, binary = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // The error made only for a read that fails: 'close' comes after every read, ended or not.
    const fail = (error: () => ApiError) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      reject(error());
    };
    const encoding = binary ? 'latin1' : 'utf8';
    incoming.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else {
        incoming.pause();
        fail(() => errors.payloadTooLarge(maxBytes));
      }
    });
    incoming.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? chunks[0].toString(encoding) : Buffer.concat(chunks, size).toString(encoding));
    });
    const cutOff = () => fail(() => new ApiError(400, 'The request body was cut off before its end'));
    incoming.on('error', cutOff);
    incoming.on('aborted', cutOff);
    // A socket closed before the end: neither 'end' nor (on every Node version) 'error' comes.
    incoming.on('close', cutOff);
  });
}

/**
 * Reads the body a caller sent, at most `maxBytes` of it (413 past them), from the Node request or, in-process, the Request.
 * Not `async`: the Node request's read is its promise as it is, with none wrapped around it.
 */
function limited(c: Context, maxBytes: number, binary: boolean): Promise<string> {
  const declared = headerOf(c, 'content-length');
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.reject(errors.payloadTooLarge(maxBytes));
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming && !incoming.readableEnded && !incoming.readableDidRead) return readLimited(incoming, maxBytes, binary);
  return heldBody(c, maxBytes, binary);
}

/** In-process (app.request, mock.fetch): the caller already holds the whole body. */
async function heldBody(c: Context, maxBytes: number, binary: boolean): Promise<string> {
  if (binary) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > maxBytes) throw errors.payloadTooLarge(maxBytes);
    return binaryOf(bytes);
  }
  const text = await c.req.text();
  if (text.length * 3 > maxBytes && utf8Length(text) > maxBytes) throw errors.payloadTooLarge(maxBytes);
  return text;
}

/**
 * The body limit step of the pipeline (server/pipeline.ts): reads the body of a request that may
 * have one, once, and refuses it past `maxBytes` (its row's `maxBody`). Undefined for GET, HEAD
 * and OPTIONS, which have none: nothing to wait for. `binary`: the bytes as sent, one character
 * each (a row that reads `bytes`: an upload), not UTF-8 text.
 */
export function readBodyOf(c: Context, maxBytes: number, binary = false): Promise<string> | undefined {
  const method = c.req.method;
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? undefined : limited(c, maxBytes, binary);
}
