/**
 * A client that streams a chunked body it would never stop sending: a chunk at a time as the
 * socket drains, up to `bytes`, and stops as soon as an answer arrives. For the tests of what
 * the server refuses before it has read a body (body limits, refused admin calls).
 */
import { connect } from 'node:net';

const CHUNK = Buffer.alloc(64 * 1024, 'a');
/** How much the client would send if nobody stopped it. */
export const ENDLESS_BYTES = 200 * 1024 * 1024;

/** The answer as it came, how long it took, and how many body bytes went out by then. */
export interface ChunkedAnswer {
  answer: string;
  ms: number;
  sent: number;
}

export function streamChunked(port: number, method: string, path: string, headers: Record<string, string>, bytes = ENDLESS_BYTES): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let sent = 0;
    let answered = false;
    const socket = connect(port, '127.0.0.1');
    const head = Object.entries({ host: 'localhost', 'transfer-encoding': 'chunked', ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += CHUNK.length;
        const ok = socket.write(`${CHUNK.length.toString(16)}\r\n`) && socket.write(CHUNK) && socket.write('\r\n');
        if (!ok) return void socket.once('drain', pump);
      }
      if (!answered) socket.write('0\r\n\r\n');
    };
    socket.on('connect', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`);
      pump();
    });
    socket.on('data', (c) => {
      answer += c;
      if (!answered && /\r\n\r\n[\s\S]*\}$/.test(answer)) {
        answered = true;
        resolve({ answer, ms: Date.now() - started, sent });
        socket.destroy();
      }
    });
    socket.on('error', (error) => (answered ? undefined : reject(error)));
    socket.on('close', () => (answered ? undefined : reject(new Error(`closed without an answer after ${sent} bytes: ${answer}`))));
  });
}
