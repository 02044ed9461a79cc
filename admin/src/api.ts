/**
 * The back office's calls to /api/istore/admin (contract/admin.ts). The XSRF token comes with the session answer (its
 * cookie is scoped to the API's path, out of this page's reach) and goes back in X-XSRF-ADMIN on every write.
 */
import type {
  AdminActivity, AdminDayOrders, AdminMove, AdminOrder, AdminPickList, AdminRefundDone, AdminSession, AdminStaffList,
} from '../../contract/admin.ts';

import type { AdminCatalogFile, AdminCatalogImported, AdminProduct, AdminProductList } from '../../contract/adminProducts.ts';
export type { AdminCatalogFile, AdminCatalogImported, AdminProduct, AdminProductList };
import type {
  AdminDeliveryAreasBody, AdminDeliveryAreasSettings, AdminLocationsBody, AdminLocationsSettings, AdminSettingsSaved,
} from '../../contract/adminSettings.ts';
export type { AdminDeliveryAreasBody, AdminDeliveryAreasSettings, AdminLocationsBody, AdminLocationsSettings, AdminSettingsSaved };
import type {
  AdminHomeBody, AdminHomeSettings, AdminMenusBody, AdminMenusSettings, AdminPagesBody, AdminPagesSettings, AdminSocialBody, AdminSocialSettings,
} from '../../contract/adminSettings.ts';
export type { AdminHomeBody, AdminHomeSettings, AdminMenusBody, AdminMenusSettings, AdminPagesBody, AdminPagesSettings, AdminSocialBody, AdminSocialSettings };

export type { AdminActivity, AdminDayOrders, AdminMove, AdminOrder, AdminPickList, AdminRefundDone, AdminSession, AdminStaffList };

import type { AdminAttention, AdminReview, AdminReviewList } from '../../contract/adminReviews.ts';
export type { AdminAttention, AdminReview, AdminReviewList };
import type { AdminCoupon, AdminCouponList } from '../../contract/adminCoupons.ts';
export type { AdminCoupon, AdminCouponList };
import type { AdminBlogList, AdminBlogNewPost, AdminBlogPost, AdminBlogPostBody, AdminCover } from '../../contract/adminBlog.ts';
export type { AdminBlogList, AdminBlogNewPost, AdminBlogPost, AdminBlogPostBody };
import type { AdminCampaignCreated, AdminCampaignEnded, AdminCampaignList, AdminCampaignNew } from '../../contract/adminCampaigns.ts';
export type { AdminCampaignCreated, AdminCampaignEnded, AdminCampaignList, AdminCampaignNew };

const BASE = '/api/istore/admin';
let xsrf = '';

export class ApiFailure extends Error {
  /** Every problem the server named (a settings save names each as `JSON path: why`). */
  constructor(readonly status: number, message: string, readonly errors: string[] = [message]) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-xsrf-admin'] = xsrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(BASE + path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new ApiFailure(r.status, data?.message ?? `${r.status} ${r.statusText}`, Array.isArray(data?.errors) ? data.errors : undefined);
  if (data && typeof data.xsrfToken === 'string') xsrf = data.xsrfToken;
  return data as T;
}

const q = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]).toString();
  return s ? `?${s}` : '';
};

export const api = {
  session: () => call<AdminSession>('GET', '/session'),
  signIn: (email: string, password: string) => call<AdminSession>('POST', '/signin', { email, password }),
  signOut: () => call<AdminSession>('POST', '/signout', {}),
  signInCode: (code: string) => call<AdminSession>('POST', '/signin/code', { code }),
  totp: () => call<{ totp: boolean; recoveryCodesLeft: number }>('GET', '/totp'),
  totpSetup: () => call<{ secret: string; uri: string }>('POST', '/totp/setup', {}),
  totpConfirm: (code: string) => call<{ recoveryCodes: string[] }>('POST', '/totp/confirm', { code }),
  totpDisable: (code: string) => call<{ totp: boolean; recoveryCodesLeft: number }>('POST', '/totp/disable', { code }),
  reviews: () => call<AdminReviewList>('GET', '/reviews'),
  review: (id: string) => call<AdminReview>('GET', `/reviews/${encodeURIComponent(id)}`),
  decideReview: (id: string, decision: 'approve' | 'reject' | 'suspend', reason: string) => call<AdminReview>('POST', `/reviews/${encodeURIComponent(id)}`, { decision, ...(reason ? { reason } : {}) }),
  attention: () => call<AdminAttention>('GET', '/attention'),
  handled: (kind: 'refund' | 'statement', id: string) => call<AdminAttention>('POST', '/attention/handled', { kind, id }),
  coupons: () => call<AdminCouponList>('GET', '/coupons'),
  createCoupon: (c: AdminCoupon) => call<AdminCouponList>('POST', '/coupons', c),
  disableCoupon: (code: string) => call<AdminCouponList>('POST', `/coupons/${encodeURIComponent(code)}/disable`, {}),
  blogPosts: () => call<AdminBlogList>('GET', '/blog'),
  blogPost: (slug: string) => call<AdminBlogPost>('GET', `/blog/${encodeURIComponent(slug)}`),
  addBlogPost: (post: AdminBlogNewPost) => call<AdminBlogPost>('POST', '/blog', post),
  saveBlogPost: (slug: string, post: AdminBlogPostBody) => call<AdminBlogPost>('PUT', `/blog/${encodeURIComponent(slug)}`, post),
  publishBlogPost: (slug: string, at: string | null) => call<AdminBlogPost>('POST', `/blog/${encodeURIComponent(slug)}/publish`, at ? { at } : {}),
  unpublishBlogPost: (slug: string) => call<AdminBlogPost>('POST', `/blog/${encodeURIComponent(slug)}/unpublish`, {}),
  uploadCover: (area: 'blog' | 'campaigns', data: string) => call<AdminCover>('POST', `/${area}/cover`, { data }),
  campaigns: (all: boolean) => call<AdminCampaignList>('GET', `/campaigns${all ? '?scope=all' : ''}`),
  createCampaign: (c: AdminCampaignNew) => call<AdminCampaignCreated>('POST', '/campaigns', c),
  endCampaign: (id: string) => call<AdminCampaignEnded>('POST', `/campaigns/${encodeURIComponent(id)}/end`, {}),
  today: (p: { date?: string; store?: string; method?: string }) => call<AdminDayOrders>('GET', `/orders/today${q(p)}`),
  pickList: (p: { date?: string; store?: string }) => call<AdminPickList>('GET', `/orders/picklist${q(p)}`),
  order: (id: string) => call<AdminOrder>('GET', `/orders/${encodeURIComponent(id)}`),
  move: (id: string, move: AdminMove, note: string) => call<AdminOrder>('POST', `/orders/${encodeURIComponent(id)}/move`, { move, note }),
  refund: (id: string, body: { amount?: number; reason: string; key: string }) => call<AdminRefundDone>('POST', `/orders/${encodeURIComponent(id)}/refund`, body),
  activity: () => call<AdminActivity>('GET', '/activity?limit=100'),
  staff: () => call<AdminStaffList>('GET', '/staff'),
  invite: (body: { email: string; role: 'owner' | 'staff'; name?: string; locale: 'en' | 'zh' }) => call<AdminStaffList>('POST', '/staff', body),
  locations: () => call<AdminLocationsSettings>('GET', '/settings/locations'),
  saveLocations: (body: AdminLocationsBody) => call<AdminSettingsSaved>('PUT', '/settings/locations', body),
  deliveryAreas: () => call<AdminDeliveryAreasSettings>('GET', '/settings/delivery-areas'),
  saveDeliveryAreas: (body: AdminDeliveryAreasBody) => call<AdminSettingsSaved>('PUT', '/settings/delivery-areas', body),
  menus: () => call<AdminMenusSettings>('GET', '/settings/menus'),
  saveMenus: (body: AdminMenusBody) => call<AdminSettingsSaved>('PUT', '/settings/menus', body),
  pages: () => call<AdminPagesSettings>('GET', '/settings/pages'),
  savePages: (body: AdminPagesBody) => call<AdminSettingsSaved>('PUT', '/settings/pages', body),
  home: () => call<AdminHomeSettings>('GET', '/settings/home'),
  saveHome: (body: AdminHomeBody) => call<AdminSettingsSaved>('PUT', '/settings/home', body),
  social: () => call<AdminSocialSettings>('GET', '/settings/social'),
  saveSocial: (body: AdminSocialBody) => call<AdminSettingsSaved>('PUT', '/settings/social', body),
  products: (p: { q?: string; offset?: string }) => call<AdminProductList>('GET', `/products${q(p)}`),
  product: (id: string) => call<AdminProduct>('GET', `/products/${encodeURIComponent(id)}`),
  setPrice: (id: string, price: number) => call<AdminProduct>('PUT', `/products/${encodeURIComponent(id)}/price`, { price }),
  setVariantPrice: (id: string, combination: string, price: number | null, listPrice: number | null) => call<AdminProduct>('PUT', `/products/${encodeURIComponent(id)}/variant-price`, { combination, price, listPrice }),
  setStock: (id: string, combination: string, stock: number) => call<AdminProduct>('PUT', `/products/${encodeURIComponent(id)}/stock`, { combination, stock }),
  addPhoto: (id: string, data: string) => call<AdminProduct>('POST', `/products/${encodeURIComponent(id)}/photos`, { data }),
  setPhotos: (id: string, images: string[]) => call<AdminProduct>('PUT', `/products/${encodeURIComponent(id)}/photos`, { images }),
  exportCatalog: (format: 'csv' | 'json') => call<AdminCatalogFile>('GET', `/products/export?format=${format}`),
  importCatalog: (body: { format: 'csv' | 'json'; text: string; dryRun: boolean }) => call<AdminCatalogImported>('POST', '/products/import', body),
  accept: async (token: string, password: string) => {
    if (!xsrf) await call<AdminSession>('GET', '/session');
    return call<{ email: string }>('POST', '/invitation/accept', { token, password });
  },
};

/** A refund's idempotency key, made once per refund dialog: a double click or a retried request refunds once. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
