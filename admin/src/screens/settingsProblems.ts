/**
 * A refused settings save names each problem as `JSON path: why`, the path in the shop file (`storeLocations[1].address.province`,
 * `checkout.pickup.closeTime`). fieldOf turns a path into the form's field name, or null when no field holds it (the
 * screen shows those above the form).
 */
export type FieldName = (string | number)[];

/** `a.b[2].c` as ['a', 'b', 2, 'c']. */
export function pathParts(path: string): FieldName {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));
}

/** `path: why` split at the first ': ' (a path has no spaces). */
export function splitProblem(text: string): { path: string; message: string } {
  const m = /^([A-Za-z0-9_.[\]]+): ([\s\S]*)$/.exec(text);
  return m ? { path: m[1], message: m[2] } : { path: '', message: text };
}

const HOURS = ['openTime', 'closeTime', 'slotMinutes', 'leadTimeMinutes', 'daysAhead'];
const LOCATION_FIELDS = ['id', 'display', 'virtual', 'name.en', 'name.zh', 'address.street', 'address.city', 'address.province', 'address.postCode', 'address.country', 'landingPageUrl'];

/** The locations-and-hours form's field of a problem's path. */
export function locationsField(path: string): FieldName | null {
  const p = pathParts(path);
  if (p[0] === 'checkout' && p[1] === 'timeZone' && p.length === 2) return ['timeZone'];
  if (p[0] === 'checkout' && (p[1] === 'pickup' || p[1] === 'delivery') && HOURS.includes(String(p[2])) && p.length === 3) return [p[1], p[2]];
  if (p[0] === 'storeLocations' && typeof p[1] === 'number') {
    const rest = p.slice(2).join('.');
    if (!rest) return ['storeLocations', p[1], 'id'];
    return LOCATION_FIELDS.includes(rest) ? p : null;
  }
  return null;
}

/** The delivery areas form's field of a problem's path. */
export function deliveryAreasField(path: string): FieldName | null {
  const p = pathParts(path);
  if (p[0] !== 'deliveryAreas' || typeof p[1] !== 'number') return null;
  if (p.length === 2) return ['deliveryAreas', p[1], 'province'];
  if ((p[2] === 'country' || p[2] === 'province') && p.length === 3) return p;
  if (p[2] === 'cities' && typeof p[3] === 'number') {
    if (p.length === 4) return [...p, 'en'];
    if ((p[4] === 'en' || p[4] === 'zh') && p.length === 5) return p;
  }
  return null;
}
