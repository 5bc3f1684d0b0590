/**
 * Bytes as a binary string (one character per byte, 0 to 255) and back, and as base64: how a
 * body the mock keeps as bytes (an upload to a storage URL) rides through the pipeline, which
 * hands bodies on as text, and how the store keeps it. Plain JavaScript (no Buffer), so the
 * browser build (gitbook-mock/msw) reads uploads the same way.
 */

/** Characters per `String.fromCharCode` call: well under the engines' argument limits. */
const CHUNK = 0x8000;

export function binaryOf(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += CHUNK) out += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return out;
}

export function bytesOf(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i) & 0xff;
  return bytes;
}

export const base64Of = (binary: string): string => btoa(binary);
export const bytesOfBase64 = (base64: string): Uint8Array<ArrayBuffer> => bytesOf(atob(base64));
