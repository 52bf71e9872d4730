import sharp from 'sharp';
import { inspectVehicleDocument } from './vehicle-document-content';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe('inspectVehicleDocument', () => {
  it('accepts a PDF, a JPEG and a PNG by content', async () => {
    expect(await inspectVehicleDocument(pdf)).toEqual({ ok: true, contentType: 'application/pdf' });
    const img = sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } });
    expect(await inspectVehicleDocument(await img.clone().jpeg().toBuffer())).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(await inspectVehicleDocument(await img.clone().png().toBuffer())).toEqual({ ok: true, contentType: 'image/png' });
  });
  it('refuses a PDF without its end marker or objects, other formats, and empty files', async () => {
    expect(await inspectVehicleDocument(pdf.subarray(0, 40))).toMatchObject({ ok: false, problem: expect.stringMatching(/truncated/) });
    expect(await inspectVehicleDocument(Buffer.from('%PDF-1.4\n%%EOF\n'))).toMatchObject({ ok: false, problem: 'is not a readable PDF' });
    expect(await inspectVehicleDocument(Buffer.from('GIF89a....'))).toMatchObject({ ok: false, problem: 'must be a PDF, JPG or PNG file' });
    expect(await inspectVehicleDocument(Buffer.alloc(0))).toMatchObject({ ok: false, problem: 'is empty' });
  });
});
