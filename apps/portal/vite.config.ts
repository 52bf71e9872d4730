import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The partners' portal: built into apps/portal/dist and served by the API at /portal; `npm run dev:portal` proxies the API. */
export default defineConfig({
  root: here('.'),
  base: '/portal/',
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: {
      '@shared/permissions': here('../../libs/common/src/permissions/index.ts'),
      '@shared/products': here('../../libs/common/src/products.ts'),
    },
  },
  build: { outDir: here('dist'), emptyOutDir: true, chunkSizeWarningLimit: 4000, sourcemap: false },
  server: {
    port: Number(process.env.PORTAL_DEV_PORT ?? 5174),
    proxy: { '/portal/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
