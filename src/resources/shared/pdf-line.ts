/**
 * A line of a change request's PDF, as the platform's PDF writer takes it. Apart from the writer
 * (pdf-document.ts), whose declarations name pdfkit's and fontkit's types: those are dev
 * dependencies, and the package's public declarations must not reach them.
 */
export interface PdfLine {
  text: string;
  heading?: boolean;
}
