import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { DATABASE, Database, StatementTally } from '../../libs/db/src';
import type { HttpResponse } from './http';
import type { TestApp } from './test-app';

interface Counted {
  tally: StatementTally;
  /** Resolves when the response has been sent: nothing the request does is still to be counted. */
  finished: Promise<void>;
  finish(): void;
}

/**
 * Counts the SQL statements each HTTP request sends, guards and hooks included: every request runs in a
 * tally of its own (the database's StatementCounter, through AsyncLocalStorage), so what background
 * workers send meanwhile is not counted. The app's database must be opened with `countStatements`.
 */
@Injectable()
export class RequestStatements implements OnModuleInit {
  private readonly byRequestId = new Map<string, Counted>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  onModuleInit(): void {
    const counter = this.db.statements;
    if (!counter) throw new Error('RequestStatements needs a database opened with countStatements.');
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRequest', (req, _reply, done) => {
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const counted = { tally: { statements: 0 }, finished, finish };
      this.byRequestId.set(req.id, counted);
      // The rest of the request's life starts from `done`, so it runs inside the tally.
      counter.within(counted.tally, () => done());
    });
    fastify.addHook('onResponse', (req, _reply, done) => {
      this.byRequestId.get(req.id)?.finish();
      done();
    });
  }

  /** The statements of the request that gave `res` (by its X-Request-Id), once it has finished. */
  async of(res: HttpResponse): Promise<number> {
    const id = res.headers.get('x-request-id');
    const counted = id ? this.byRequestId.get(id) : undefined;
    if (!counted) throw new Error(`No statements recorded for request ${id}.`);
    await counted.finished;
    return counted.tally.statements;
  }
}

@Module({ providers: [RequestStatements], exports: [RequestStatements] })
export class RequestStatementsModule {}

export function requestStatements(app: TestApp): RequestStatements {
  return app.api.app.get(RequestStatements);
}
