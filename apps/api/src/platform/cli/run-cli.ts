import { ApiError } from '@lib/common';
import { CliCommand, CliContext, CliUsageError } from './cli-command';

/** Runs one command; returns the process exit code. Errors are printed, never thrown. */
export async function runCli(argv: string[], commands: CliCommand[], ctx: CliContext & { err(text: string): void }): Promise<number> {
  const [name, ...args] = argv;
  const help = () => ctx.err(`Commands:\n${commands.map((c) => `  npm run cli -- ${c.usage}`).join('\n')}`);
  if (!name || name === 'help' || name === '--help') {
    help();
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    ctx.err(`Unknown command "${name}".`);
    help();
    return 2;
  }
  try {
    await command.run(args, ctx);
    return 0;
  } catch (e) {
    if (e instanceof CliUsageError) {
      ctx.err(`${e.message}\nusage: npm run cli -- ${command.usage}`);
      return 2;
    }
    if (e instanceof ApiError) {
      const details = e.details ? Object.values(e.details).flat().join(' ') : '';
      ctx.err(details || e.message);
      return 1;
    }
    throw e;
  }
}
