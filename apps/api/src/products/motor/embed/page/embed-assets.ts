import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '@lib/db';

export interface EmbedAsset {
  body: string;
  type: string;
}

const FILES: Record<string, string> = { 'embed.js': 'text/javascript; charset=utf-8', 'embed.css': 'text/css; charset=utf-8' };

/**
 * The page's script and stylesheet: plain files, no build step, read once. Their content hash goes into
 * the URLs so browsers may cache them for good and a new version is fetched at once.
 */
export class EmbedAssets {
  private readonly assets = new Map<string, EmbedAsset>();
  readonly version: string;

  constructor(dir = join(projectRoot(), 'apps', 'api', 'src', 'products', 'motor', 'embed', 'page', 'assets')) {
    const hash = createHash('sha256');
    for (const [name, type] of Object.entries(FILES)) {
      const body = readFileSync(join(dir, name), 'utf8');
      hash.update(body);
      this.assets.set(name, { body, type });
    }
    this.version = hash.digest('hex').slice(0, 12);
  }

  get(name: string): EmbedAsset | undefined {
    return this.assets.get(name);
  }
}
