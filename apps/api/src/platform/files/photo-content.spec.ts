import sharp from 'sharp';
import { inspectPhoto } from './photo-content';

const image = (seed: number) => {
  const raw = Buffer.alloc(64 * 48 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * seed + (i >> 7)) & 0xff;
  return sharp(raw, { raw: { width: 64, height: 48, channels: 3 } });
};

describe('inspectPhoto: by content only', () => {
  it('accepts a JPEG and a PNG and says which', async () => {
    expect(await inspectPhoto(await image(3).jpeg().toBuffer())).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(await inspectPhoto(await image(5).png().toBuffer())).toEqual({ ok: true, contentType: 'image/png' });
  });

  it('refuses empty files, text, other formats, and headers without a decodable image', async () => {
    expect(await inspectPhoto(Buffer.alloc(0))).toEqual({ ok: false, problem: 'is empty' });
    expect(await inspectPhoto(Buffer.from('just some text'))).toEqual({ ok: false, problem: 'must be a JPEG or PNG image' });
    expect(await inspectPhoto(await image(7).webp().toBuffer())).toEqual({ ok: false, problem: 'must be a JPEG or PNG image' });
    expect(await inspectPhoto(await image(7).gif().toBuffer())).toEqual({ ok: false, problem: 'must be a JPEG or PNG image' });
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect(await inspectPhoto(fakePng)).toEqual({ ok: false, problem: 'is not a readable JPEG or PNG image' });
  });

  it('refuses truncated images, which only a full decode notices', async () => {
    const jpeg = await image(9).jpeg().toBuffer();
    const png = await image(11).png().toBuffer();
    expect(await inspectPhoto(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toMatchObject({ ok: false });
    expect(await inspectPhoto(png.subarray(0, Math.floor(png.length * 0.6)))).toMatchObject({ ok: false });
  });
});
