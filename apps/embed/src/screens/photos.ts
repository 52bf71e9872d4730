import { call, type Failure } from '../api';
import { T } from '../context';
import { busy, byId, clearErrors, el, field, setError } from '../dom';
import { state } from '../state';
import { PHOTO_PARTS, type PhotosAnswer } from '@shared/embed-page';
import { showFailure } from './failure';

/** Comprehensive cover: the photos on file to confirm (or replace), or five to upload. */
export function renderPhotos(): HTMLElement {
  const photos = state.view.photos;
  const section = el('section', { 'aria-labelledby': 'photos-title', id: 'photos' }, el('h2', { id: 'photos-title', text: T.photos }));
  if (photos && !state.replacing) {
    section.appendChild(el('p', { text: T.photosOnFile }));
    section.appendChild(
      el(
        'ul',
        { class: 'photos' },
        PHOTO_PARTS.map((p) =>
          el('li', null, el('figure', null, el('img', { src: photos[p], alt: T.parts[p], loading: 'lazy' }), el('figcaption', { text: T.parts[p] }))),
        ),
      ),
    );
    section.appendChild(
      el(
        'div',
        { class: 'check' },
        el('input', {
          type: 'checkbox',
          id: 'photos_confirmed',
          checked: state.confirmed,
          'aria-describedby': 'photos_confirmed-error',
          onchange: (e) => {
            state.confirmed = (e.target as HTMLInputElement).checked;
          },
        }),
        el('label', { for: 'photos_confirmed', text: T.photosConfirm }),
      ),
    );
    section.appendChild(el('p', { class: 'error', id: 'photos_confirmed-error', role: 'alert' }));
    section.appendChild(
      el(
        'button',
        {
          type: 'button',
          class: 'secondary',
          id: 'replace-photos',
          onclick: () => {
            state.replacing = true;
            rerenderPhotos();
          },
        },
        T.photosReplace,
      ),
    );
    return section;
  }
  section.appendChild(el('p', { text: T.photosNeeded }));
  section.appendChild(
    el(
      'div',
      { class: 'uploads' },
      PHOTO_PARTS.map((p) => field('photo-' + p, T.parts[p], el('input', { type: 'file', name: p, accept: 'image/jpeg,image/png' }), null)),
    ),
  );
  section.appendChild(el('p', { class: 'hint', text: T.photosHint }));
  section.appendChild(el('button', { type: 'button', class: 'secondary', id: 'upload-photos', onclick: () => void uploadPhotos() }, T.photosUpload));
  section.appendChild(el('p', { class: 'muted', id: 'photos-status', role: 'status' }));
  return section;
}

function rerenderPhotos(): void {
  byId('photos')!.replaceWith(renderPhotos());
  document.querySelector<HTMLInputElement>('#photos input')?.focus();
}

async function uploadPhotos(): Promise<void> {
  clearErrors();
  const form = new FormData();
  let missing = false;
  for (const p of PHOTO_PARTS) {
    const file = byId<HTMLInputElement>('photo-' + p)!.files?.[0];
    if (!file) {
      setError('photo-' + p, T.parts[p] + ': ' + T.photosNeeded);
      missing = true;
    } else form.append(p, file);
  }
  if (missing) return;
  const button = byId<HTMLButtonElement>('upload-photos');
  busy(button, true);
  let res: PhotosAnswer;
  try {
    res = await call<PhotosAnswer>('POST', '/photos', form);
  } catch (err) {
    busy(button, false);
    return showFailure(err as Failure);
  }
  state.view.photos = res.attachments;
  state.replacing = false;
  state.confirmed = true;
  rerenderPhotos();
  byId('photos_confirmed')?.focus();
}
