import PDFDocument from 'pdfkit';
import type { WireIssueDocumentRequest } from '@lib/providers';

/**
 * A sandbox vehicle information document (istimarah, or the updated document after a transfer). What it says
 * is recorded in the registry by the PDF's hash; the text is for people, the serial makes each copy unique.
 */
export function renderVehicleDocument(doc: WireIssueDocumentRequest, serial: string, issuedAt: Date): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 36,
    info: { Title: `Vehicle information document ${serial}`, Author: 'Sandbox vehicle registry', CreationDate: issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.fontSize(16).text('Vehicle Information Document (sandbox)', { align: 'left' });
  pdf.moveDown(0.3).fontSize(9).fillColor('#5b6475').text('Issued by the sandbox vehicle registry for integration tests. Not a real document.');
  pdf.moveDown(1).fillColor('#1d2433').fontSize(11);
  const line = (label: string, value: string) => pdf.text(`${label}: ${value}`);
  line('Document serial', serial);
  line('VIN', doc.vin);
  line('Sequence number', doc.car_sequence_number);
  line('Registered owner id', doc.owner_id);
  line('Ownership transfer', doc.ownership_transfer_complete ? 'complete' : 'not complete');
  line('Issued at', issuedAt.toISOString());
  pdf.end();
  return done;
}
