/**
 * The partner's redirect URL as every answer and the customer's landing give it: the literal `policyID` in
 * its query string becomes the policy's id (the spec's rule); the path and fragment are left as written.
 * Null when no redirect URL was given. Every family's presenter and activator use this one rule.
 */
export function policyRedirectUrl(redirectUrl: string | null | undefined, policyId: number | string): string | null {
  if (!redirectUrl) return null;
  const hash = redirectUrl.indexOf('#');
  const base = hash >= 0 ? redirectUrl.slice(0, hash) : redirectUrl;
  const fragment = hash >= 0 ? redirectUrl.slice(hash) : '';
  const q = base.indexOf('?');
  if (q < 0) return redirectUrl;
  return `${base.slice(0, q)}?${base
    .slice(q + 1)
    .split('policyID')
    .join(encodeURIComponent(String(policyId)))}${fragment}`;
}
