/** Where an embed session may run: a web origin that frames it, or an app link a WebView returns to. */
export type EmbedTargetKind = 'origin' | 'app';
export const EMBED_TARGET_KINDS: readonly EmbedTargetKind[] = ['origin', 'app'];

export type Normalised = { ok: true; value: string } | { ok: false; problem: string };

const MAX_LENGTH = 512;

/**
 * A web origin as browsers compare it: scheme, host and port only (no path, query, fragment or
 * credentials), lower-cased with the default port dropped. https only in production; plain http is
 * accepted elsewhere so partners can try the embed from a local page.
 */
export function normaliseOrigin(raw: string, production: boolean): Normalised {
  const value = raw.trim();
  if (!value || value.length > MAX_LENGTH) return { ok: false, problem: `must be 1 to ${MAX_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: 'must be an origin such as https://shop.example.com' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'must use https' };
  if (production && url.protocol !== 'https:') return { ok: false, problem: 'must use https' };
  if (url.username || url.password) return { ok: false, problem: 'must not contain credentials' };
  const rest = value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  if (rest !== '' && rest !== '/') return { ok: false, problem: 'must be scheme, host and port only, without a path, query or fragment' };
  if (url.hostname.includes('*')) return { ok: false, problem: 'must not contain wildcards' };
  return { ok: true, value: url.origin };
}

/**
 * An app link: the prefix a WebView session's `deep_link` must start with, e.g. `acmeapp://insurance`
 * (a custom scheme) or `https://acme.example/app` (a verified link). No query or fragment.
 */
export function normaliseAppLink(raw: string, production: boolean): Normalised {
  const value = raw.trim();
  if (!value || value.length > MAX_LENGTH) return { ok: false, problem: `must be 1 to ${MAX_LENGTH} characters` };
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)(\/[^?#\s]*)?$/i.exec(value);
  if (!m) return { ok: false, problem: 'must be an app link such as acmeapp://insurance or https://acme.example/app, without a query or fragment' };
  const scheme = m[1].toLowerCase();
  if (['javascript', 'data', 'file', 'blob', 'vbscript'].includes(scheme)) return { ok: false, problem: `must not use the ${scheme} scheme` };
  if (scheme === 'http' && production) return { ok: false, problem: 'must use https or an app scheme' };
  if (m[2].includes('@')) return { ok: false, problem: 'must not contain credentials' };
  const path = (m[3] ?? '').replace(/\/+$/, '');
  return { ok: true, value: `${scheme}://${m[2].toLowerCase()}${path}` };
}

export function normaliseTarget(kind: EmbedTargetKind, raw: string, production: boolean): Normalised {
  return kind === 'origin' ? normaliseOrigin(raw, production) : normaliseAppLink(raw, production);
}

/** Whether `deepLink` lies under the registered app link `prefix` (the whole prefix, then a path, query or nothing). */
export function deepLinkMatches(deepLink: string, prefix: string): boolean {
  const normalised = normaliseAppLink(deepLink.split(/[?#]/)[0], false);
  if (!normalised.ok) return false;
  const link = normalised.value;
  return link === prefix || link.startsWith(`${prefix}/`);
}
