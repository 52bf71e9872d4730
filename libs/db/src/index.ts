export * from './database';
export * from './database.module';
export * from './migrator';
export * from './sql-target';
export * from './project-root';
export { Prisma } from './generated/prisma/client';
export * from './insert-many';
export * from './statement-counter';
export * from './list-total';
