/**
 * The server's own refusals: what Node answers before a request reaches the app (headers past
 * its limit, a request line or header it cannot read, a request that does not arrive in time,
 * a chunk extension too large). Node writes them with no body; the mock writes them as every
 * other error, `{ "error": { "code", "message" } }` with `content-type: application/json`,
 * then closes the connection (`connection: close`), as Node does.
 */
import { maxHeaderSize, ServerResponse, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, errorBody } from '../contract/errors.ts';
import { SERVER_TIMEOUTS } from './server-timeouts.ts';
import { utf8Length } from '../text/digest.ts';

const REASON: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' };

/** The refusal of a request Node could not take, by the code of its error (Node's own choice of status). */
export function clientRefusal(error: NodeJS.ErrnoException & { reason?: string }): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, `The request line and headers are larger than this server reads (${maxHeaderSize} bytes); send fewer or shorter headers`);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError(413, 'A chunk extension of the request body is larger than this server reads');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(
        408,
        `The request did not arrive in time: its headers are read within ${SERVER_TIMEOUTS.headersTimeout / 1000} s, the whole request within ${SERVER_TIMEOUTS.requestTimeout / 1000} s`,
      );
    default:
      return new ApiError(400, `The request is not HTTP this server can read (${error.reason ?? error.message})`);
  }
}

/** The refusal as HTTP/1.1 bytes: the status line, JSON headers, `connection: close`, the error body. */
export function refusalBytes(refusal: ApiError): string {
  const body = JSON.stringify(errorBody(refusal.status, refusal.message));
  return (
    `HTTP/1.1 ${refusal.status} ${REASON[refusal.status] ?? 'Error'}\r\n` +
    `content-type: application/json\r\ncontent-length: ${utf8Length(body)}\r\nconnection: close\r\n\r\n${body}`
  );
}

/** Whether the connection already carries the start of an answer (then nothing more may be written on it). */
function answerBegun(socket: Duplex): boolean {
  const message = '_httpMessage' in socket ? socket._httpMessage : undefined;
  return message instanceof ServerResponse && message.headersSent;
}

/**
 * Answers Node's `clientError`s of `server` with the error body, as Node would answer them
 * (nothing written on a connection that was reset or whose answer has begun), and closes the
 * connection.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code !== 'ECONNRESET' && socket.writable && !answerBegun(socket)) socket.write(refusalBytes(clientRefusal(error)));
    socket.destroy();
  });
}
