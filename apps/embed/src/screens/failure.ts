import type { Failure } from '../api';
import { T } from '../context';
import { byId, setError } from '../dom';
import { PHOTO_PARTS, type PhotoPart } from '@shared/embed-page';
import { renderExpired } from './done';

/** Shows a failed call: messages next to their fields where the page has them, the rest on top. */
export function showFailure(err: Partial<Failure> & Pick<Failure, 'body'>): void {
  if (err.status === 410) return renderExpired();
  const rest: string[] = [];
  const details = err.body?.details ?? {};
  for (const [key, messages] of Object.entries(details)) {
    const id = (PHOTO_PARTS as readonly string[]).includes(key) ? 'photo-' + (key as PhotoPart) : key;
    if (!setError(id, messages.join(' '))) rest.push(messages.join(' '));
  }
  if (!Object.keys(details).length) rest.push(err.body?.message || T.failed);
  const alert = byId('form-error');
  if (alert) alert.textContent = rest.join(' ');
}
