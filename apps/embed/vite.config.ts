import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The motor embed page's script and stylesheet: one self-contained IIFE (no chunks, no imports, no eval: the page's
 * CSP allows scripts from 'self' only) and one CSS file, built into apps/embed/dist as embed.js and embed.css. The API
 * serves them at /embed/assets/ under content-hashed URLs (apps/api/src/products/motor/embed/page/embed-assets.ts).
 */
export default defineConfig({
  root: here('.'),
  publicDir: false,
  // the shapes of the data the API inlines in the page, shared with the API's controller
  resolve: { alias: { '@shared/embed-page': here('../api/src/products/motor/embed/page/embed-page.data.ts') } },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    lib: { entry: here('src/main.ts'), formats: ['iife'], name: 'insuranceEmbed', fileName: () => 'embed.js', cssFileName: 'embed' },
  },
});
