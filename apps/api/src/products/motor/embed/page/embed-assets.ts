import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '@lib/db';

export interface EmbedAsset {
  body: string;
  type: string;
}

const FILES: Record<string, string> = { 'embed.js': 'text/javascript; charset=utf-8', 'embed.css': 'text/css; charset=utf-8' };

/** Where `npm run build` (scripts/build-admin.js) puts the page's script and stylesheet, built by Vite from apps/embed/src. */
export function embedDistDir(): string {
  return join(projectRoot(), 'apps', 'embed', 'dist');
}

/**
 * The page's script and stylesheet, as built into apps/embed/dist, read once. Their content hash goes into the URLs
 * so browsers may cache them for good and a new version is fetched at once. Not built yet (a process started without
 * `npm run build`), they are looked for again on each use, so the API still starts and the page's shell still answers.
 */
export class EmbedAssets {
  private loaded: { version: string; assets: Map<string, EmbedAsset> } | null = null;

  constructor(private readonly dir = embedDistDir()) {
    this.load();
  }

  /** The content hash of both files ('unbuilt' until they are). */
  get version(): string {
    return this.load()?.version ?? 'unbuilt';
  }

  /** A file by name; undefined for a name the page does not have. */
  get(name: string): EmbedAsset | 'unbuilt' | undefined {
    if (!Object.hasOwn(FILES, name)) return undefined;
    return this.load()?.assets.get(name) ?? 'unbuilt';
  }

  private load() {
    if (this.loaded) return this.loaded;
    if (!Object.keys(FILES).every((name) => existsSync(join(this.dir, name)))) return null;
    const hash = createHash('sha256');
    const assets = new Map<string, EmbedAsset>();
    for (const [name, type] of Object.entries(FILES)) {
      const body = readFileSync(join(this.dir, name), 'utf8');
      hash.update(body);
      assets.set(name, { body, type });
    }
    this.loaded = { version: hash.digest('hex').slice(0, 12), assets };
    return this.loaded;
  }
}
