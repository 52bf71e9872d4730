import { createCipheriv } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * Deterministic noise so images neither compress to nothing nor differ between runs: the AES-CTR keystream of a key
 * made from `seed` (native, where a JavaScript generator spent about 0.2 s on each 3 MB fixture).
 */
export function noise(width: number, height: number, seed: number): Buffer {
  const key = Buffer.alloc(16);
  key.writeUInt32BE(seed >>> 0);
  const stream = createCipheriv('aes-128-ctr', key, Buffer.alloc(16));
  return Buffer.concat([stream.update(Buffer.alloc(width * height * 3)), stream.final()]);
}

export const raw = (width: number, height: number, seed: number) => sharp(noise(width, height, seed), { raw: { width, height, channels: 3 } });

export interface PhotoFixtures {
  png: Buffer;
  jpeg: Buffer;
  /** The first 60 %: header intact, pixel data cut. */
  truncatedJpeg: Buffer;
  truncatedPng: Buffer;
  /** Random bytes behind a name that promises a JPEG. */
  garbage: Buffer;
  webp: Buffer;
  /** A genuine PNG of more than 3 MB. */
  oversizePng: Buffer;
}

export async function makePhotoFixtures(): Promise<PhotoFixtures> {
  const png = await raw(320, 240, 1).png().toBuffer();
  const jpeg = await raw(320, 240, 2).jpeg({ quality: 85 }).toBuffer();
  const oversizePng = await raw(1100, 1000, 3).png({ compressionLevel: 0 }).toBuffer();
  return {
    png,
    jpeg,
    truncatedJpeg: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
    truncatedPng: png.subarray(0, Math.floor(png.length * 0.6)),
    garbage: noise(40, 40, 4),
    webp: await raw(64, 64, 5).webp().toBuffer(),
    oversizePng,
  };
}

export interface PhotoServer {
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * Serves the fixtures the way a storage bucket would. `/chunked/<name>` hides the length,
 * so the size limit has to hold while streaming too.
 */
export async function startPhotoServer(fixtures: PhotoFixtures): Promise<PhotoServer> {
  const files: Record<string, { body: Buffer; type: string }> = {
    'good.png': { body: fixtures.png, type: 'image/png' },
    'good.jpg': { body: fixtures.jpeg, type: 'image/jpeg' },
    'truncated.jpg': { body: fixtures.truncatedJpeg, type: 'image/jpeg' },
    'truncated.png': { body: fixtures.truncatedPng, type: 'image/png' },
    'garbage.jpg': { body: fixtures.garbage, type: 'image/jpeg' },
    'photo.webp': { body: fixtures.webp, type: 'image/webp' },
    'huge.png': { body: fixtures.oversizePng, type: 'image/png' },
  };
  const server: Server = createServer((req, res) => {
    const chunked = req.url?.startsWith('/chunked/') ?? false;
    const name = (req.url ?? '').replace(/^\/(chunked\/)?/, '');
    const file = files[name];
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    if (chunked) {
      res.writeHead(200, { 'content-type': file.type });
      for (let i = 0; i < file.body.length; i += 64 * 1024) res.write(file.body.subarray(i, i + 64 * 1024));
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}/${path}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
