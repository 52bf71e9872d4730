import { productName } from '@lib/common';
import { ClientsService, parseProducts } from '../clients/clients.service';
import { ApiClientRepository } from '../clients/api-client.repository';
import { CliCommand, CliContext, CliUsageError, option } from './cli-command';

const requireArg = (value: string | undefined, what: string): string => {
  if (!value) throw new CliUsageError(`missing ${what}`);
  return value;
};

function describeProducts(products: string[]): string {
  return products.map((p) => `${p} (${productName(p)})`).join('\n                 ');
}

export function clientCommands(clients: ClientsService, repo: ApiClientRepository): CliCommand[] {
  return [
    {
      name: 'client:create',
      usage: 'client:create --name "Acme" --products all|<code or name>[,...]',
      run: async (args, ctx: CliContext) => {
        const name = requireArg(option(args, 'name'), '--name');
        const products = parseProducts(requireArg(option(args, 'products'), '--products'));
        const { client, secret } = await clients.create(name, products);
        ctx.out(
          `client_id:     ${client.id}\nclient_secret: ${secret}\nproducts:      ${describeProducts(client.products)}\n\nThe secret is shown once; only its hash is stored.`,
        );
      },
    },
    {
      name: 'client:rotate-secret',
      usage: 'client:rotate-secret <client_id>',
      run: async (args, ctx) => {
        const { client, secret } = await clients.rotateSecret(requireArg(args[0], '<client_id>'));
        ctx.out(`client_id:     ${client.id}\nclient_secret: ${secret}\n\nThe old secret and every token issued with it stopped working.`);
      },
    },
    {
      name: 'client:enrol',
      usage: 'client:enrol <client_id> <product>[,...]',
      run: async (args, ctx) => {
        const client = await clients.enrol(requireArg(args[0], '<client_id>'), parseProducts(requireArg(args[1], '<product>')));
        ctx.out(`products: ${describeProducts(client.products)}`);
      },
    },
    {
      name: 'client:unenrol',
      usage: 'client:unenrol <client_id> <product>[,...]',
      run: async (args, ctx) => {
        const client = await clients.unenrol(requireArg(args[0], '<client_id>'), parseProducts(requireArg(args[1], '<product>')));
        ctx.out(`products: ${client.products.length ? describeProducts(client.products) : '(none)'}`);
      },
    },
    {
      name: 'client:deactivate',
      usage: 'client:deactivate <client_id>',
      run: async (args, ctx) => {
        await clients.setActive(requireArg(args[0], '<client_id>'), false);
        ctx.out('deactivated: its tokens stop working and it cannot get new ones.');
      },
    },
    {
      name: 'client:activate',
      usage: 'client:activate <client_id>',
      run: async (args, ctx) => {
        await clients.setActive(requireArg(args[0], '<client_id>'), true);
        ctx.out('activated.');
      },
    },
    {
      name: 'client:list',
      usage: 'client:list',
      run: async (_args, ctx) => {
        const all = await repo.list();
        if (!all.length) return ctx.out('(no clients)');
        for (const c of all) ctx.out(`${c.id}  ${c.active ? 'active  ' : 'inactive'}  ${c.name}  [${c.products.join(', ')}]`);
      },
    },
  ];
}
