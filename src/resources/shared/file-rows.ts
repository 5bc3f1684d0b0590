/**
 * The files the mock serves itself (`/__files/...`): what a file row is and is given. The change
 * request's PDF and the organization's storage URLs are such rows.
 */
import type { VirtualClock } from '../../clock.ts';
import type { RouteRow } from '../../contract/operation.ts';
import type { RowChange, Store, Tables } from '../../store/store.ts';
import type { PdfLine } from './pdf-line.ts';

/** The platform's PDF writer, where it has one (platform.ts: pdfkit in Node). */
export interface PdfPlatform {
  renderPdf?(title: string, lines: PdfLine[], createdAt: Date): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * What a file route reads of the request's session. The routes are given it (build-mock.ts
 * takes it from the request's exchange): operations know nothing of sessions.
 */
export interface FileSession {
  db: Tables;
  clock: Pick<VirtualClock, 'now' | 'nowMs' | 'iso'>;
  platform: PdfPlatform;
  /** A file row that keeps something (an upload) writes as an operation does: in a transaction, then saved (`keep`). */
  store: Pick<Store, 'tentative'>;
  save(changes: RowChange[], undo: () => void): void;
}

/** Runs `write` in a transaction of the session's store and saves it (to the data file, where there is one), as the registrar saves an operation's writes. */
export function keep<T>(session: FileSession, write: () => T): T {
  const { result, changes, undo } = session.store.tentative(write);
  session.save(changes, undo);
  return result;
}

/** What a file row's handler is given: its path and query (as the registrar reads them), the path, the body (a row reading `bytes`: one character per byte), the session. */
export interface FileInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  path: string;
  body?: string;
  session: FileSession;
}

/** A file the mock serves itself (`/__files/...`): a row the registrar serves as any other (build-mock.ts). */
export interface FileRow extends RouteRow {
  handle(input: FileInput): Promise<unknown>;
}

/** A query value as `c.req.query(name)` gave it: the first of a repeated parameter. */
export function firstValue(value: unknown): string | undefined {
  return Array.isArray(value) ? (value[0] as string) : (value as string | undefined);
}
