import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, Clock, PRODUCT_CODES, ProductCode, resolveProduct } from '@lib/common';
import { ApiClient, ApiClientRepository } from './api-client.repository';
import { generateSecret, hashSecret, verifySecret, decoyHash } from './secret-hasher';

export interface IssuedCredentials {
  client: ApiClient;
  /** Shown once; only its hash is stored. */
  secret: string;
}

/** Parses "all" or a comma list of product codes or names; throws naming the unknown ones. */
export function parseProducts(input: string | string[]): ProductCode[] {
  const items = (Array.isArray(input) ? input : input.split(',')).map((s) => s.trim()).filter(Boolean);
  if (items.length === 1 && items[0].toLowerCase() === 'all') return [...PRODUCT_CODES];
  const unknown = items.filter((i) => !resolveProduct(i));
  if (unknown.length) {
    throw ApiError.field('products', `Unknown product${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known: ${PRODUCT_CODES.join(', ')}.`);
  }
  return [...new Set(items.map((i) => resolveProduct(i)!))];
}

@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ApiClientRepository,
    private readonly clock: Clock,
  ) {}

  async create(name: string, products: ProductCode[], credentials?: { id: string; secret: string }): Promise<IssuedCredentials> {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 255) throw ApiError.field('name', 'The name must be 1 to 255 characters.');
    const secret = credentials?.secret ?? generateSecret();
    const client = await this.clients.create(
      {
        id: credentials?.id ?? randomUUID(),
        name: trimmed,
        secretHash: await hashSecret(secret),
        products,
      },
      this.clock.now(),
    );
    return { client, secret };
  }

  async rotateSecret(id: string): Promise<IssuedCredentials> {
    await this.require(id);
    const secret = generateSecret();
    const client = await this.clients.rotateSecret(id, await hashSecret(secret), this.clock.now());
    return { client, secret };
  }

  async enrol(id: string, products: ProductCode[]): Promise<ApiClient> {
    const client = await this.require(id);
    return this.clients.setProducts(id, [...new Set([...client.products, ...products])]);
  }

  async unenrol(id: string, products: ProductCode[]): Promise<ApiClient> {
    const client = await this.require(id);
    return this.clients.setProducts(
      id,
      client.products.filter((p) => !products.includes(p as ProductCode)),
    );
  }

  async setActive(id: string, active: boolean): Promise<ApiClient> {
    await this.require(id);
    return this.clients.setActive(id, active);
  }

  /** The client whose id and secret match, or null; costs the same whether or not the id exists. */
  async authenticate(id: string, secret: string): Promise<ApiClient | null> {
    const client = /^[0-9a-f-]{36}$/i.test(id) ? await this.clients.findById(id) : null;
    const ok = await verifySecret(client?.secretHash ?? (await decoyHash()), secret);
    return ok && client?.active ? client : null;
  }

  private async require(id: string): Promise<ApiClient> {
    const client = /^[0-9a-f-]{36}$/i.test(id) ? await this.clients.findById(id) : null;
    if (!client) throw ApiError.notFound(`No API client with id ${id}.`);
    return client;
  }
}
