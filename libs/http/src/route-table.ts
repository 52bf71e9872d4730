import FindMyWay, { HTTPVersion } from 'find-my-way';
import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Remembers every registered route so that a known path called with the wrong method
 * can be answered 405 with an Allow header instead of 404.
 */
export class RouteTable {
  private readonly router = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: true });

  attach(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) {
        if (!(METHODS as readonly string[]).includes(m)) continue;
        try {
          this.router.on(m as (typeof METHODS)[number], route.url, () => undefined);
        } catch {
          // the same method and path twice (HEAD routes fastify adds itself)
        }
      }
    });
  }

  allowedMethods(path: string): string[] {
    const bare = path.split('?')[0];
    return METHODS.filter((m) => this.router.find(m, bare) !== null);
  }
}
