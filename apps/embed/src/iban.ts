/** A Saudi IBAN: SA, 22 digits, and the ISO 13616 check (mod 97) as the API checks it, so a typo is caught before a call. */
export function validIban(v: string): boolean {
  if (!/^SA\d{22}$/.test(v)) return false;
  const moved = v.slice(4) + v.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}
