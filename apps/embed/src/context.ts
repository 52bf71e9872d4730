import { language } from './i18n';
import type { PageData } from '@shared/embed-page';

/** The session's data, inlined in the page by the server (no round trip before the first render). */
export const data = JSON.parse(document.getElementById('embed-data')!.textContent ?? 'null') as PageData;

export const { locale, T, count, money, list } = language('locale' in data && data.locale === 'ar' ? 'ar' : 'en');

/** The session's own endpoints, /embed/<token> (an open page only). */
export const apiBase = data.state === 'open' ? data.api : '';

/** web (framed by the partner's site) or webview (an app's); null on a page with no session. */
export const platform = 'platform' in data ? data.platform : null;
