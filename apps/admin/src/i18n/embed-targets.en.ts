/** The client page's panel of embed sites and app links. */
export const embedTargetsEn = {
  title: 'Embed sites and app links',
  intro: 'Embed sessions only run on these: web origins may frame the embed page, WebView sessions must return to a deep link under an app link.',
  empty: 'Nothing registered: this client cannot open embed sessions yet.',
  kind: 'Kind',
  kinds: { origin: 'Web origin', app: 'App link' },
  value: 'Origin or app link',
  value_help_origin: 'Scheme, host and port only, e.g. https://shop.example.com (https in production).',
  value_help_app: 'A deep-link prefix, e.g. acmeapp://insurance or https://shop.example.com/app.',
  added: 'Added',
  add: 'Add',
  remove: 'Remove',
  remove_title: 'Remove %{value}?',
  remove_confirm: 'Sessions can no longer be opened for it, and open sessions stop loading in its frames.',
  notifications: { added: 'Added', removed: 'Removed' },
};
