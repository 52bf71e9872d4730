import { defineConfig } from 'prisma/config';

// The URL is not needed here: migrations are applied by the project's own runner
// (libs/db/src/migrator.ts) and the client connects through driver adapters.
export default defineConfig({ schema: 'prisma/schema.prisma' });
