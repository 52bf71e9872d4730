import { useLocaleState } from 'react-admin';
import { intlLocale } from '../i18n/i18nProvider';

/** Numbers, money and dates in the console's language. */
export function useFormat() {
  const [locale] = useLocaleState();
  const tag = intlLocale(locale);
  return {
    locale,
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
    money: (amount: string | number) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 }).format(Number(amount)),
    date: (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'Asia/Riyadh' }).format(new Date(iso)) : ''),
    dateTime: (iso: string | null | undefined) =>
      iso ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(new Date(iso)) : '',
    day: (isoDay: string) => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`)),
  };
}
