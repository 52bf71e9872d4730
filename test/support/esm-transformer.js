/**
 * Jest transformer for node_modules: NestJS 12 and a few of its dependencies ship ES modules only.
 * Node 20 loads them with require(esm) at run time, but Jest 30 does not on Node < 24.9. This compiles
 * a package file to CommonJS with SWC when its package is "type": "module" (or the file is .mjs) and
 * hands every CommonJS file back untouched.
 */
const fs = require('node:fs');
const path = require('node:path');
const { createTransformer } = require('@swc/jest');

const swc = createTransformer({
  jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
  module: { type: 'commonjs' },
  swcrc: false,
});
const typeCache = new Map();

function isEsm(file) {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs')) return false;
  let dir = path.dirname(file);
  const seen = [];
  while (dir !== path.dirname(dir)) {
    if (typeCache.has(dir)) break;
    seen.push(dir);
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      const json = JSON.parse(fs.readFileSync(pkg, 'utf8'));
      if (json.name || json.type) {
        typeCache.set(dir, json.type === 'module');
        break;
      }
    }
    dir = path.dirname(dir);
  }
  const result = typeCache.get(dir) ?? false;
  for (const d of seen) typeCache.set(d, result);
  return result;
}

module.exports = {
  canInstrument: false,
  getCacheKey(src, file, options) {
    return `${isEsm(file) ? 'esm' : 'cjs'}:${swc.getCacheKey(src, file, options)}`;
  },
  process(src, file, options) {
    return isEsm(file) ? swc.process(src, file, options) : { code: src };
  },
};
