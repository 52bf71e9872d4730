import 'reflect-metadata';
import { join } from 'node:path';
import { SystemClock } from '@lib/common';
import { ConfigError, loadConfig } from '@lib/config';
import { migratePostgres, openDatabase } from '@lib/db';
import { ApiClientRepository } from '../clients/api-client.repository';
import { ClientsService } from '../clients/clients.service';
import { clientCommands } from './client-commands';
import { CliCommand } from './cli-command';
import { runCli } from './run-cli';
import { AuditTrail } from '../admin/audit/audit-trail';
import { AuditLogRepository } from '../admin/audit/audit-log.repository';
import { StaffService } from '../admin/staff/staff.service';
import { StaffUserRepository } from '../admin/staff/staff-user.repository';
import { staffCommands, terminalPasswords } from '../admin/staff/staff-commands';

/** `npm run cli -- <command>`: operator commands against the configured database. */
async function main(): Promise<number> {
  const config = loadConfig();
  const argv = process.argv.slice(2);
  const out = (t: string) => process.stdout.write(`${t}\n`);
  const err = (t: string) => process.stderr.write(`${t}\n`);

  if (argv[0] === 'db:migrate') {
    if (config.databaseUrl) {
      const applied = await migratePostgres(config.databaseUrl);
      out(applied.length ? `applied: ${applied.join(', ')}` : 'nothing to apply: the database is up to date');
    } else {
      const db = await openDatabase({ pgliteDir: join(config.dataDir, 'db'), migrate: true });
      await db.close();
      out(`the embedded database in ${config.dataDir}/db is up to date`);
    }
    return 0;
  }

  const db = await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'db'), migrate: !config.databaseUrl });
  try {
    const repo = new ApiClientRepository(db.prisma);
    const commands: CliCommand[] = [
      ...clientCommands(new ClientsService(repo, new SystemClock()), repo),
      ...staffCommands(
        new StaffService(new StaffUserRepository(db.prisma), new SystemClock(), new AuditTrail(new AuditLogRepository(db.prisma), new SystemClock())),
        terminalPasswords,
      ),
      { name: 'db:migrate', usage: 'db:migrate', run: async () => undefined },
    ];
    return await runCli(argv, commands, { out, err });
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`${e instanceof ConfigError ? e.message : (e as Error).message}\n`);
    process.exit(1);
  },
);
