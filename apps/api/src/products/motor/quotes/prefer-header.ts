/** Whether a Prefer header (RFC 7240: comma-separated preferences, names case-insensitive) asks for respond-async. */
export function prefersAsync(prefer: string | string[] | undefined): boolean {
  const values = Array.isArray(prefer) ? prefer : prefer ? [prefer] : [];
  return values.some((v) => v.split(',').some((p) => p.split(';')[0].split('=')[0].trim().toLowerCase() === 'respond-async'));
}
