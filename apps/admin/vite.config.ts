import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The console: built into apps/admin/dist and served by the API at /admin; `npm run dev:admin` proxies the API. */
export default defineConfig({
  root: here('.'),
  base: '/admin/',
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: {
      '@shared/permissions': here('../../libs/common/src/permissions/index.ts'),
      '@shared/products': here('../../libs/common/src/products.ts'),
      '@shared/claim-status': here('../api/src/policies/claims/claim-status.ts'),
    },
  },
  build: { outDir: here('dist'), emptyOutDir: true, chunkSizeWarningLimit: 4000, sourcemap: false },
  server: {
    port: Number(process.env.ADMIN_DEV_PORT ?? 5173),
    proxy: { '/admin/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
