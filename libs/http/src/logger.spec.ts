import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions, NestPinoLogger } from './logger';

function captured() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      );
      done();
    },
  });
  return { lines, logger: pino(loggerOptions('info'), stream) };
}

describe('NestPinoLogger', () => {
  it("keeps Nest's start-up chatter (modules loaded, routes mapped) at debug, and its other lines at info", () => {
    const { lines, logger } = captured();
    const nest = new NestPinoLogger(logger);
    nest.log('PaymentsModule dependencies initialized', 'InstanceLoader');
    nest.log('Mapped {/api/v1/payments, GET} route', 'RouterExplorer');
    nest.log('PaymentsController {/api/v1/payments}:', 'RoutesResolver');
    nest.log('Nest application successfully started', 'NestApplication');
    expect(lines.map((l) => l.msg)).toEqual(['Nest application successfully started']);
    expect(lines[0]).toMatchObject({ level: 30, context: 'NestApplication' });
  });
});
