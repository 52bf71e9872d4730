export interface CliContext {
  out(text: string): void;
}

export interface CliCommand {
  name: string;
  usage: string;
  run(args: string[], ctx: CliContext): Promise<void>;
}

export class CliUsageError extends Error {}

/** Value of `--name value` or `--name=value`. */
export function option(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
  }
  return undefined;
}
