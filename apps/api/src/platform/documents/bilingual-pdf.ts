import type PDFDocument from 'pdfkit';

/** DejaVu Sans (shipped by the dejavu-fonts-ttf package): Latin and Arabic, with the Arabic joining forms fontkit shapes. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const ARABIC = '\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF';
/** A run of Arabic words (with the spaces and Arabic punctuation between them): shaped and laid out right to left as one piece. */
const ARABIC_WORD = new RegExp(`^[${ARABIC}]`);
const ARABIC_RUN = new RegExp(`[${ARABIC}]+(?:[\\s\u060C\u061B]+[${ARABIC}]+)*`, 'g');

/**
 * pdfkit and fontkit hold about 25 MB of resident memory once loaded; a process that serves quotes and
 * reads and writes no document never needs them, so they load with the first document.
 */
let pdfKit: Promise<typeof PDFDocument> | undefined;
function loadPdfKit(): Promise<typeof PDFDocument> {
  return (pdfKit ??= import('pdfkit').then((m) => m.default));
}

interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
}

export interface PdfFont {
  bold?: boolean;
  size?: number;
  color?: string;
}

/**
 * A4 pages written with explicit positions. pdfkit shapes Arabic through fontkit but does no bidi
 * reordering and its line wrapper breaks right-to-left runs word by word, so Arabic text is split into
 * runs and each run is written whole (no wrapping), placed from the right edge leftwards.
 */
export class BilingualPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  static async open(info: DocumentInfo, createdAt: Date): Promise<BilingualPdf> {
    return new BilingualPdf(await loadPdfKit(), info, createdAt);
  }

  private constructor(PdfKitDocument: typeof PDFDocument, info: DocumentInfo, createdAt: Date) {
    this.doc = new PdfKitDocument({
      size: 'A4',
      margin: 40,
      info: { Title: info.title, Author: info.author, Subject: info.subject, CreationDate: createdAt },
      lang: 'en',
    } as PDFKit.PDFDocumentOptions);
    this.doc.registerFont('regular', FONT);
    this.doc.registerFont('bold', FONT_BOLD);
    this.doc.font('regular');
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => this.chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get width(): number {
    return this.doc.page.width;
  }

  private use(f: PdfFont = {}): void {
    this.doc
      .font(f.bold ? 'bold' : 'regular')
      .fontSize(f.size ?? 9)
      .fillColor(f.color ?? '#1d2433');
  }

  /** Left-to-right text starting at x (cut to one line). */
  ltr(text: string, x: number, y: number, f?: PdfFont, maxWidth?: number): void {
    this.use(f);
    this.doc.text(fit(this.doc, text, maxWidth), x, y, { lineBreak: false });
  }

  /** Right-aligned left-to-right text ending at `right`. */
  ltrRight(text: string, right: number, y: number, f?: PdfFont): void {
    this.use(f);
    this.doc.text(text, right - this.doc.widthOfString(text), y, { lineBreak: false });
  }

  /**
   * A right-to-left line ending at `right`. Words are placed from the right edge leftwards, each shaped
   * on its own (letters join only within a word); a run of Latin words or digits keeps its own order.
   */
  rtl(text: string, right: number, y: number, f?: PdfFont): void {
    this.use(f);
    const space = this.doc.widthOfString(' ');
    let cursor = right;
    for (const run of bidiRuns(text)) {
      const piece = run.trim();
      if (!piece) continue;
      // Arabic runs go word by word right to left; anything else is one left-to-right piece.
      for (const word of ARABIC_WORD.test(piece) ? piece.split(/\s+/) : [piece]) {
        cursor -= this.doc.widthOfString(word);
        this.doc.text(word, cursor, y, { lineBreak: false });
        cursor -= space;
      }
    }
  }

  rule(y: number, color = '#d5d9e0'): void {
    this.doc
      .moveTo(40, y)
      .lineTo(this.width - 40, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
  }

  box(x: number, y: number, w: number, h: number, fill: string): void {
    this.doc.rect(x, y, w, h).fill(fill);
  }

  end(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}

/** The logical runs of a line: Arabic runs and everything between them (numbers, Latin) as its own run. */
export function bidiRuns(text: string): string[] {
  const runs: string[] = [];
  let last = 0;
  for (const m of text.matchAll(ARABIC_RUN)) {
    if (m.index! > last) runs.push(text.slice(last, m.index));
    runs.push(m[0]);
    last = m.index! + m[0].length;
  }
  if (last < text.length) runs.push(text.slice(last));
  return runs.filter((r) => r.length > 0);
}

function fit(doc: PDFKit.PDFDocument, text: string, maxWidth?: number): string {
  if (!maxWidth || doc.widthOfString(text) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}
