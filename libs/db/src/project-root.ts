import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | undefined;

/** The repository root (holding package.json and prisma/), whether running from src or dist. */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = __dirname;
  while (!(existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'prisma')))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`Project root not found above ${__dirname}`);
    dir = up;
  }
  cached = dir;
  return dir;
}
