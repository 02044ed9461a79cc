/** Small generated product/brand images: a coloured tile with the initial(s) of the image name. */
const NAME_RE = /^[a-z0-9][a-z0-9-]{0,80}\.svg$/;

export function isImageName(name: string): boolean {
  return NAME_RE.test(name);
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function renderSvg(name: string): string {
  const base = name.replace(/\.svg$/, '');
  const hue = hash(base) % 360;
  const words = base.split('-').filter((x) => !/^\d+$/.test(x));
  // Home banners (banner-*.svg): the storefront lays the slide's own title over the image, so the image is
  // text-free, in the home banner's shape (20:9), with soft shapes instead of a label that would be cropped.
  if (base.startsWith('banner')) {
    const [w, h] = [1200, 540];
    return tile(w, h, hue,
      `<circle cx="${w * 0.82}" cy="${h * 0.3}" r="${h * 0.42}" fill="#fff" fill-opacity="0.12"/>` +
      `<circle cx="${w * 0.62}" cy="${h * 0.95}" r="${h * 0.3}" fill="#fff" fill-opacity="0.1"/>` +
      `<circle cx="${w * 0.95}" cy="${h * 0.85}" r="${h * 0.18}" fill="#000" fill-opacity="0.08"/>`);
  }
  // logos (logo-<name>[-footer].svg) and live-stream covers (live-<title>.svg, 16:9) spell out the name after the
  // prefix; other images show the initials of their first two words
  const live = base.startsWith('live-');
  const logo = base.startsWith('logo');
  const spelt = logo ? words.slice(1).filter((x) => x !== 'footer') : live ? words.slice(1) : null;
  const label = spelt
    ? spelt.map((x) => x[0].toUpperCase() + x.slice(1)).join(' ')
    : words.slice(0, 2).map((x) => x[0].toUpperCase()).join('');
  const size = logo ? 96 : live ? 48 : 160;
  return tile(logo ? 1200 : live ? 800 : 400, live ? 450 : 400, hue,
    `<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="#fff">${label.replace(/[<&>]/g, '')}</text>`);
}

/** A w×h image filled with the name's colour gradient, with `content` drawn over it. */
function tile(w: number, h: number, hue: number, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},65%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,42%)"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${content}</svg>`;
}
