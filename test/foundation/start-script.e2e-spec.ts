import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../libs/db/src';

/**
 * scripts/start.sh, what `npm start` and the Docker image run: the node it starts is a stand-in on the PATH that
 * prints what it was given, so the settings are read as the real process would receive them.
 */
describe('start script', () => {
  let bin: string;

  beforeAll(() => {
    bin = mkdtempSync(join(tmpdir(), 'start-script-'));
    const node = join(bin, 'node');
    writeFileSync(node, '#!/bin/sh\necho "args: $*"\necho "malloc: $MALLOC_ARENA_MAX $MALLOC_TRIM_THRESHOLD_ $MALLOC_MMAP_THRESHOLD_"\necho "cwd: $(pwd)"\n');
    chmodSync(node, 0o755);
  });
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  const start = (env: Record<string, string>, ...args: string[]) => {
    const out = execFileSync('sh', [join(projectRoot(), 'scripts', 'start.sh'), ...args], {
      cwd: tmpdir(),
      env: { PATH: `${bin}:/usr/bin:/bin`, ...env },
      encoding: 'utf8',
    });
    return Object.fromEntries(
      out
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
    );
  };

  it('gives V8 16 MB semi-spaces on PostgreSQL and 8 on the embedded default, collections on the main thread', () => {
    expect(start({ DATABASE_URL: 'postgresql://db/app' }).args).toBe('--single-threaded-gc --max-semi-space-size=16 dist/apps/api/src/main.js');
    expect(start({}).args).toBe('--single-threaded-gc --max-semi-space-size=8 dist/apps/api/src/main.js');
  });

  it('runs the built API from the project root, wherever it is started from', () => {
    expect(start({}).cwd).toBe(projectRoot());
  });

  it('sets the malloc settings unless the environment has its own', () => {
    expect(start({}).malloc).toBe('2 131072 131072');
    expect(start({ MALLOC_ARENA_MAX: '8' }).malloc).toBe('8 131072 131072');
  });

  it('passes extra node options after its own, so a later V8 flag overrides', () => {
    expect(start({ DATABASE_URL: 'postgresql://db/app' }, '--max-semi-space-size=32', '--trace-gc').args).toBe(
      '--single-threaded-gc --max-semi-space-size=16 --max-semi-space-size=32 --trace-gc dist/apps/api/src/main.js',
    );
  });
});
