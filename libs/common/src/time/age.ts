/** Completed years from `dateOfBirth` to `today` (both UTC dates): the birthday itself counts. */
export function ageOn(dateOfBirth: Date, today: Date): number {
  const age = today.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < dateOfBirth.getUTCMonth() || (today.getUTCMonth() === dateOfBirth.getUTCMonth() && today.getUTCDate() < dateOfBirth.getUTCDate());
  return beforeBirthday ? age - 1 : age;
}
