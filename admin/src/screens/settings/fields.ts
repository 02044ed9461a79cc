/**
 * The field of each form (menus, pages, home sections, social links) a refused save's problem belongs on: the server
 * names each by its path in the shop file (`navigation.headerMenu[1].subMenu[0].link`, `pages[2].title.zh`,
 * `sections.home[0].slides[1].link`, `social.facebook.pageURL`); null: no field holds it (shown above the form).
 */
import { pathParts, type FieldName } from '../settingsProblems.ts';

const MENUS = ['headerMenu', 'sideMenu', 'footerMenu'];
const ENTRY = ['name', 'link', 'linkActionType', 'nameContent.en', 'nameContent.zh'];

/** A menu entry's field (a whole entry's problem goes on its name). */
export function menusField(path: string): FieldName | null {
  const p = pathParts(path);
  if (p[0] !== 'navigation' || !MENUS.includes(String(p[1])) || typeof p[2] !== 'number') return null;
  let at = p.slice(1, 3);
  let rest = p.slice(3);
  if (rest[0] === 'subMenu' && typeof rest[1] === 'number') {
    at = [...at, 'subMenu', rest[1]];
    rest = rest.slice(2);
  }
  if (!rest.length) return [...at, 'name'];
  return ENTRY.includes(rest.join('.')) ? [...at, ...rest] : null;
}

const PAGE = ['name', 'title.en', 'title.zh', 'content.en', 'content.zh'];

export function pagesField(path: string): FieldName | null {
  const p = pathParts(path);
  if (p[0] !== 'pages' || typeof p[1] !== 'number') return null;
  const rest = p.slice(2).join('.');
  if (!rest) return ['pages', p[1], 'name'];
  return PAGE.includes(rest) ? p : null;
}

const SECTION = ['id', 'tagName', 'numberToLoad', 'title.en', 'title.zh'];
const ITEM: Record<string, string[]> = {
  slides: ['image', 'link', 'linkActionType', 'title.en', 'title.zh', 'subtitle.en', 'subtitle.zh'],
  categories: ['name', 'link', 'image', 'nameContent.en', 'nameContent.zh'],
};

/** A home section's field: the section's own (id, tag, title), or one of its slides' or categories'. */
export function homeField(path: string): FieldName | null {
  const p = pathParts(path);
  if (p[0] !== 'sections' || p[1] !== 'home' || typeof p[2] !== 'number') return null;
  const at: FieldName = ['sections', p[2]];
  const rest = p.slice(3);
  if (!rest.length) return [...at, 'id'];
  if (SECTION.includes(rest.join('.'))) return [...at, ...rest];
  const list = String(rest[0]);
  if (!ITEM[list]) return null;
  if (rest.length === 1) return [...at, 'id'];
  if (typeof rest[1] !== 'number') return null;
  const field = rest.slice(2).join('.');
  if (!field) return [...at, list, rest[1], list === 'slides' ? 'image' : 'name'];
  return ITEM[list].includes(field) ? [...at, ...rest] : null;
}

export const NETWORKS = ['instagram', 'facebook', 'twitter', 'youTube', 'linkedin', 'pinterest'] as const;

export function socialField(path: string): FieldName | null {
  const p = pathParts(path);
  if (p[0] === 'social' && NETWORKS.includes(p[1] as never) && (p[2] === 'pageURL' || (p[1] === 'instagram' && p[2] === 'userName')) && p.length === 3) return p;
  if (p[0] === 'headerControl' && typeof p[1] === 'string' && p.length === 2) return p;
  return null;
}
