import { readSandboxEnv } from './sandbox-env';
import { createSandboxServer } from './sandbox-server';

async function main(): Promise<void> {
  const env = readSandboxEnv(process.env);
  const app = createSandboxServer(env.server);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.port, host: env.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
