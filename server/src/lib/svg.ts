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
  const wide = base.startsWith('banner') || base.startsWith('logo');
  // live-stream covers (live-<title>.svg): 16:9 with the title spelt out
  const live = base.startsWith('live-');
  const w = wide ? 1200 : live ? 800 : 400;
  const h = live ? 450 : 400;
  const hue = hash(base) % 360;
  const words = base.split('-').filter((x) => !/^\d+$/.test(x));
  const label = wide || live
    ? words.slice(live ? 1 : 0).map((x) => x[0].toUpperCase() + x.slice(1)).join(' ')
    : words.slice(0, 2).map((x) => x[0].toUpperCase()).join('');
  const size = wide ? 96 : live ? 48 : 160;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},65%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,42%)"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="#fff">${label.replace(/[<&>]/g, '')}</text></svg>`;
}
