import { DynamicModule, Global, Module } from '@nestjs/common';
import { Database, PrismaService } from './database';

export const DATABASE = Symbol('DATABASE');

/** Provides the already-opened database: the Prisma client (as PrismaService) and the raw handle. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(db: Database): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE, useValue: db },
        { provide: PrismaService, useValue: db.prisma },
      ],
      exports: [DATABASE, PrismaService],
    };
  }
}
