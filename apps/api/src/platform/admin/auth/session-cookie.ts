import type { FastifyRequest } from 'fastify';

/** A session cookie's name and the path it is scoped to: the console's and the portal's never meet. */
export interface SessionCookieJar {
  name: string;
  path: string;
}

export const CONSOLE_COOKIE: SessionCookieJar = { name: 'ei_console', path: '/admin' };
export const SESSION_COOKIE = CONSOLE_COOKIE.name;

/** The session token from the Cookie header under the jar's name, if any. */
export function readSessionCookie(req: FastifyRequest, jar: SessionCookieJar = CONSOLE_COOKIE): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === jar.name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * HttpOnly (scripts never see it), SameSite=Strict (never sent on cross-site requests), Secure when the
 * request came over https, scoped to the jar's path. No Max-Age: the server enforces idle and absolute expiry.
 */
export function sessionCookie(token: string, secure: boolean, jar: SessionCookieJar = CONSOLE_COOKIE): string {
  return `${jar.name}=${token}; Path=${jar.path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean, jar: SessionCookieJar = CONSOLE_COOKIE): string {
  return `${jar.name}=; Path=${jar.path}; HttpOnly; SameSite=Strict; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${secure ? '; Secure' : ''}`;
}
