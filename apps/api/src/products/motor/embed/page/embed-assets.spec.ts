import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbedAssets } from './embed-assets';

describe("the embed page's built assets", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'embed-dist-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (js: string, css: string) => {
    writeFileSync(join(dir, 'embed.js'), js);
    writeFileSync(join(dir, 'embed.css'), css);
  };

  it('serves the built script and stylesheet under a version that changes with their content', () => {
    write('(function(){})();', 'body{margin:0}');
    const assets = new EmbedAssets(dir);
    expect(assets.get('embed.js')).toEqual({ body: '(function(){})();', type: 'text/javascript; charset=utf-8' });
    expect(assets.get('embed.css')).toEqual({ body: 'body{margin:0}', type: 'text/css; charset=utf-8' });
    expect(assets.version).toMatch(/^[0-9a-f]{12}$/);
    write('(function(){})();', 'body{margin:1px}');
    expect(new EmbedAssets(dir).version).not.toBe(assets.version);
  });

  it('knows only its two files', () => {
    write('', '');
    const assets = new EmbedAssets(dir);
    for (const name of ['index.html', 'toString', '__proto__', '../embed.js']) expect(assets.get(name)).toBeUndefined();
  });

  it('says it is not built until both files are there, then serves them without a restart', () => {
    const assets = new EmbedAssets(dir);
    expect(assets.get('embed.js')).toBe('unbuilt');
    expect(assets.version).toBe('unbuilt');
    writeFileSync(join(dir, 'embed.js'), 'x');
    expect(assets.get('embed.css')).toBe('unbuilt');
    writeFileSync(join(dir, 'embed.css'), 'y');
    expect(assets.get('embed.css')).toEqual({ body: 'y', type: 'text/css; charset=utf-8' });
    expect(assets.version).not.toBe('unbuilt');
  });
});
