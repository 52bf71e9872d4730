/** An attribute value, a DOM property (`checked`, `disabled`) or an `on<event>` listener. Null, undefined and false leave it out. */
export type AttrValue = string | number | boolean | null | undefined | ((event: Event) => void);
export type Attrs = Record<string, AttrValue>;
/** A child: a node, a text, or a list of them; null, undefined and false are skipped (and, in a list, empty texts too). */
export type Child = Node | string | null | undefined | false | ReadonlyArray<Node | string | null | undefined | false>;

/** Elements without innerHTML: insurer texts are data, never markup. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = String(v);
    // properties, not attributes: the attribute is only the initial value
    else if (k === 'checked' || k === 'disabled') (node as unknown as Record<string, boolean>)[k] = Boolean(v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  const append = (c: Node | string) => node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) {
      for (const x of c as ReadonlyArray<Node | string | null | undefined | false>) if (x) append(x);
    } else append(c as Node | string);
  }
  return node;
}

/** The page's root, `<main id="app">`. */
export const app = (): HTMLElement => document.getElementById('app')!;

/** Replaces the screen; focus moves to its heading unless `focus` is false (a redraw in place). */
export function show(nodes: Node[], focus = true): void {
  const root = app();
  root.replaceChildren(...nodes);
  if (focus) root.querySelector('h1')?.focus({ preventScroll: false });
}

export const heading = (text: string): HTMLHeadingElement => el('h1', { tabindex: '-1', text });

/** A labelled control with its hint and its error line, tied to it by aria-describedby. */
export function field(id: string, label: string, input: HTMLInputElement, hint: string | null): HTMLDivElement {
  input.setAttribute('id', id);
  input.setAttribute('aria-describedby', (hint ? id + '-hint ' : '') + id + '-error');
  return el(
    'div',
    { class: 'field' },
    el('label', { for: id, text: label }),
    input,
    hint ? el('p', { class: 'hint', id: id + '-hint', text: hint }) : null,
    el('p', { class: 'error', id: id + '-error', role: 'alert' }),
  );
}

/** Shows (or clears) the error line of field `id`; false when the page has no such line. */
export function setError(id: string, message: string): boolean {
  const box = document.getElementById(id + '-error');
  const input = document.getElementById(id);
  if (box) box.textContent = message || '';
  if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
  return Boolean(box);
}

export function clearErrors(): void {
  const root = app();
  root.querySelectorAll('.error, .alert').forEach((e) => (e.textContent = ''));
  root.querySelectorAll('[aria-invalid=true]').forEach((e) => e.setAttribute('aria-invalid', 'false'));
}

export function busy(button: HTMLButtonElement | null, on: boolean): void {
  if (!button) return;
  button.disabled = on;
  button.setAttribute('aria-busy', on ? 'true' : 'false');
}

/** An element the current screen has, by id and type. */
export const byId = <T extends HTMLElement = HTMLElement>(id: string): T | null => document.getElementById(id) as T | null;
