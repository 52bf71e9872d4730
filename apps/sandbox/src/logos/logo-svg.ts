import type { InsurerLogo, LogoEmblem } from '../insurers/insurer-profile';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

function initials(nameEn: string): string {
  return nameEn
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
}

/** Emblem shapes drawn in a 100x100 box, so both logo sizes reuse them through a transform. */
const EMBLEMS: Record<LogoEmblem, (fill: string) => string> = {
  shield: (f) => `<path d="M50 4 L92 18 V48 C92 74 72 90 50 97 C28 90 8 74 8 48 V18 Z" fill="${f}"/>`,
  circle: (f) => `<circle cx="50" cy="50" r="46" fill="${f}"/>`,
  hexagon: (f) => `<path d="M50 3 L91 26 V74 L50 97 L9 74 V26 Z" fill="${f}"/>`,
  diamond: (f) => `<path d="M50 2 L98 50 L50 98 L2 50 Z" fill="${f}"/>`,
  arch: (f) => `<path d="M8 96 V46 C8 22 27 4 50 4 C73 4 92 22 92 46 V96 Z" fill="${f}"/>`,
  wave: (f) =>
    `<rect x="4" y="4" width="92" height="92" rx="22" fill="${f}"/><path d="M10 66 C28 52 40 76 58 62 C72 51 82 58 90 64 V74 C80 68 72 62 58 72 C40 86 28 62 10 76 Z" fill="#ffffff" fill-opacity="0.35"/>`,
  star: (f) => `<path d="M50 2 L61 36 L97 36 L68 57 L79 92 L50 71 L21 92 L32 57 L3 36 L39 36 Z" fill="${f}"/>`,
  drop: (f) => `<path d="M50 3 C50 3 88 44 88 64 C88 85 71 98 50 98 C29 98 12 85 12 64 C12 44 50 3 50 3 Z" fill="${f}"/>`,
};

/** Shrinks a line to fit its box, from an average glyph width of about 0.6 em. */
function fittedFontSize(text: string, maxSize: number, width: number): number {
  return Math.min(maxSize, Math.floor((width / (text.length * 0.6)) * 10) / 10);
}

function emblem(logo: InsurerLogo, letters: string, x: number, y: number, size: number): string {
  const fontSize = logo.emblem === 'star' ? 24 : letters.length > 1 ? 34 : 44;
  return [
    `<g transform="translate(${x} ${y}) scale(${size / 100})">`,
    EMBLEMS[logo.emblem](logo.primary),
    `<text x="50" y="${logo.emblem === 'star' ? 59 : 60}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" fill="${logo.accent}">${escapeXml(letters)}</text>`,
    '</g>',
  ].join('');
}

/** 320x96: emblem on the left, English name and Arabic name on the right. */
export function wideLogoSvg(logo: InsurerLogo, nameEn: string, nameAr: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96" viewBox="0 0 320 96" role="img">',
    `<title>${escapeXml(nameEn)}</title>`,
    '<clipPath id="card"><rect width="320" height="96" rx="12"/></clipPath>',
    '<g clip-path="url(#card)">',
    '<rect width="320" height="96" fill="#ffffff"/>',
    `<rect x="0" y="88" width="320" height="8" fill="${logo.accent}"/>`,
    '</g>',
    emblem(logo, initials(nameEn), 12, 10, 72),
    `<text x="96" y="44" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${fittedFontSize(nameEn, 17, 214)}" fill="${logo.primary}">${escapeXml(nameEn)}</text>`,
    `<text x="96" y="70" font-family="'Noto Naskh Arabic', 'Geeza Pro', Tahoma, sans-serif" font-size="${fittedFontSize(nameAr, 16, 214)}" fill="#4a4a4a">${escapeXml(nameAr)}</text>`,
    '</svg>',
  ].join('');
}

/** 128x128: the emblem alone on a tinted tile, for app icons and lists. */
export function squareLogoSvg(logo: InsurerLogo, nameEn: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">',
    `<title>${escapeXml(nameEn)}</title>`,
    `<rect width="128" height="128" rx="24" fill="${logo.accent}" fill-opacity="0.25"/>`,
    emblem(logo, initials(nameEn), 14, 14, 100),
    '</svg>',
  ].join('');
}
