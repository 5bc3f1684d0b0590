/**
 * Files the mock serves itself, outside the API (no token: the URLs are what the API hands
 * out): the change-request PDFs, and the downloads of content files (`downloadURL`), whose
 * bytes are a placeholder of the right type (the mock keeps no uploaded bytes).
 */
import type { Hono } from 'hono';
import { decodeBase64 } from 'hono/utils/encode';
import { errors } from '../../http/errors.ts';
import type { FileRecord } from '../../store/records.ts';
import { pdfWriter, registerPdfRoute, type PdfPlatform, type SessionOf } from './pdf.ts';

/** A 1×1 transparent PNG. */
const PNG = decodeBase64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=');

async function placeholder(file: FileRecord, platform: PdfPlatform, now: Date): Promise<Uint8Array<ArrayBuffer>> {
  if (file.contentType === 'image/png') return PNG;
  if (file.contentType === 'application/pdf') return pdfWriter(platform)(file.name, [{ text: file.name, heading: true }], now);
  return new TextEncoder().encode(`${file.name}\n`);
}

/** The file routes; `sessionOf` finds the request's session (see pdf.ts, `FileSession`). */
export function registerChangeRequestRoutes(app: Hono, sessionOf: SessionOf): void {
  registerPdfRoute(app, sessionOf);
  app.get('/__files/uploads/:spaceId/:fileId/:name', async (c) => {
    const rt = sessionOf(c);
    const { spaceId, fileId } = c.req.param();
    let file: FileRecord | undefined;
    for (const revision of rt.db.revisions.by('space', spaceId)) {
      file = revision.files.find((f) => f.id === fileId) ?? file;
    }
    if (!file) throw errors.notFound('File', fileId);
    return c.body(await placeholder(file, rt.platform, rt.clock.now()), 200, { 'content-type': file.contentType });
  });
}
