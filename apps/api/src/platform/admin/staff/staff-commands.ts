import { STAFF_ROLES, isStaffRole } from '@lib/common/permissions';
import { CliCommand, CliUsageError, option } from '../../cli/cli-command';
import { StaffService } from './staff.service';

export interface PasswordSource {
  /** Reads all of standard input (for --password-stdin). */
  stdin(): Promise<string>;
  /** Asks on the terminal without echo. */
  prompt(question: string): Promise<string>;
}

const CLI_ACTOR = { staffId: null, email: 'operator-cli', role: 'system' };

export function staffCommands(staff: StaffService, passwords: PasswordSource): CliCommand[] {
  return [
    {
      name: 'staff:create',
      usage: `staff:create --email a@b.c --role ${STAFF_ROLES.join('|')} [--name "Full Name"] [--password-stdin]`,
      run: async (args, ctx) => {
        const email = option(args, 'email');
        const role = option(args, 'role');
        if (!email) throw new CliUsageError('missing --email');
        if (!role) throw new CliUsageError('missing --role');
        if (!isStaffRole(role)) throw new CliUsageError(`unknown role "${role}"; roles: ${STAFF_ROLES.join(', ')}`);
        const name = option(args, 'name') ?? email.split('@')[0];
        let password: string;
        if (args.includes('--password-stdin')) {
          password = (await passwords.stdin()).replace(/\r?\n$/, '');
        } else {
          password = await passwords.prompt('Password: ');
          if ((await passwords.prompt('Repeat password: ')) !== password) throw new CliUsageError('the passwords differ');
        }
        const user = await staff.create(CLI_ACTOR, { email, name, role, password });
        ctx.out(`created ${user.role} ${user.email} (${user.id}); they can sign in at /admin`);
      },
    },
  ];
}

/** Terminal prompt without echo, and stdin reading, for the real CLI. */
export const terminalPasswords: PasswordSource = {
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  },
  prompt: (question) =>
    new Promise((resolve, reject) => {
      const stdin = process.stdin;
      if (!stdin.isTTY) return reject(new CliUsageError('no terminal to prompt on: pass the password with --password-stdin'));
      process.stdout.write(question);
      stdin.setRawMode(true);
      stdin.resume();
      let value = '';
      const onData = (buf: Buffer) => {
        for (const ch of buf.toString('utf8')) {
          if (ch === '\r' || ch === '\n') {
            stdin.setRawMode(false);
            stdin.pause();
            stdin.off('data', onData);
            process.stdout.write('\n');
            return resolve(value);
          }
          if (ch === '\u0003') {
            stdin.setRawMode(false);
            process.stdout.write('\n');
            process.exit(130);
          }
          if (ch === '\u007f') value = value.slice(0, -1);
          else value += ch;
        }
      };
      stdin.on('data', onData);
    }),
};
