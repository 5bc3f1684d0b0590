/**
 * Files the mock serves itself, outside the API (no token: the URLs are what the API hands
 * out): the change-request PDFs, and the downloads of content files (`downloadURL`), whose
 * bytes are a placeholder of the right type (the mock keeps no uploaded bytes): a PNG is a
 * picture drawn at the file's dimensions (shared/picture.ts), a PDF names the file.
 */
import { errors } from '../../contract/errors.ts';
import type { FileRecord } from '../../store/records.ts';
import { rawReply } from '../../contract/operation.ts';
import { PDF_ROW, SPACE_PDF_ROW, pdfWriter } from './pdf.ts';
import type { FileRow, PdfPlatform } from '../shared/file-rows.ts';
import { picturePng } from '../shared/picture.ts';

async function placeholder(file: FileRecord, platform: PdfPlatform, now: Date): Promise<Uint8Array<ArrayBuffer>> {
  if (file.contentType === 'image/png') return picturePng(file.dimensions);
  if (file.contentType === 'application/pdf') return pdfWriter(platform)(file.name, [{ text: file.name, heading: true }], now);
  return new TextEncoder().encode(`${file.name}\n`);
}

/** The download of a content file (its `downloadURL`): anyone with the URL, as the API hands it out. */
const UPLOAD_ROW: FileRow = {
  operationId: 'fileUploadDownload', method: 'GET', path: '/__files/uploads/{spaceId}/{fileId}/{name}', status: 200, access: 'public',
  summary: "A content file's download: placeholder bytes of its type", responseType: 'application/octet-stream',
  handle: async ({ params, session: rt }) => {
    const { spaceId, fileId } = params;
    let file: FileRecord | undefined;
    for (const revision of rt.db.revisions.by('space', spaceId)) {
      file = revision.files.find((f) => f.id === fileId) ?? file;
    }
    if (!file) throw errors.notFound('File', fileId);
    return rawReply(await placeholder(file, rt.platform, rt.clock.now()), file.contentType);
  },
};

/** The files the change requests and content files link to, as rows (registered by build-mock.ts). */
export const FILE_ROWS: readonly FileRow[] = [PDF_ROW, SPACE_PDF_ROW, UPLOAD_ROW];
