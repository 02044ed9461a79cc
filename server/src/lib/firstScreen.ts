/**
 * The app's page with its first screen's data written in (issue 16): the H5 app otherwise starts, asks for app info and
 * the page's data, and only then knows which image to show. Here the server answers those GETs itself (through its own
 * routes, so the answers are exactly what the app would get) and writes them into the HTML as a JSON script the app's
 * http client answers its first matching GETs from (shared/initialAnswers.ts); the largest image of the first screen
 * is preloaded from the head, and `<html lang>` is the shopper's language.
 *
 * Which GETs a page starts with is the app's own rule (shared/firstScreen.ts). App info is answered with the
 * shopper's cookies and languages (it carries their session's language and store), so a page with it is `private`:
 * no shared cache keeps one shopper's page for another.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_INFO_GET, firstScreenOf, homeGetsAfterTemplate, HOME_TEMPLATE_GET, type HomeSectionShape } from '../../../shared/firstScreen.ts';
import { imageUrl } from '../../../shared/imageUrl.ts';
import { INITIAL_ANSWERS_ID, writtenKey } from '../../../shared/initialAnswers.ts';
import type { ReadPost } from '../../../shared/firstScreen.ts';
import { firstPaintHtml } from './firstPaint.ts';
import { XSRF_COOKIE, XSRF_HEADER } from './session.ts';

/** The request headers an API answer may depend on: the session, the languages, the device, the host. */
const SHOPPER_HEADERS = ['cookie', 'accept-language', 'user-agent', 'host', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];
/** Public answers depend on none of the shopper's own headers; the host still decides which store answers. */
const PUBLIC_HEADERS = ['host', 'x-forwarded-proto', 'x-forwarded-host'];

/**
 * JSON that is safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`), `>`, `&`, and the two line
 * separators JavaScript once refused, all as \u escapes (JSON.parse reads them back unchanged).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

type Answers = Record<string, unknown>;

/**
 * The largest image's width over height as the page shows it (HomeBanner's BANNER_RATIO 0.45, square product pictures,
 * BlogPostCard's BLOG_COVER_RATIO 9/16, LiveRoomCard's 16:9 covers, the campaign's square cover), and the height the
 * page caps it at, in the app's rem (CampaignPage.scss: 420px).
 */
const HERO_RATIO: Partial<Record<string, number>> = { home: 1 / 0.45, product: 1, productList: 2, blogPost: 16 / 9, liveRooms: 16 / 9, campaign: 1 };
const HERO_MAX_HEIGHT_REM: Partial<Record<string, number>> = { campaign: 10.5 };

/** A double-submit pair for the server's own read-only POSTs (made here, never a shopper's). */
const OWN_XSRF = 'first-screen';

/**
 * The API's answer to one of the first screen's requests, or undefined (the app then asks itself): not a 200, or no
 * answer to be had because the server began to close while the page was being written (Fastify refuses `inject` once
 * closing; a page asked for just before a rolling upgrade's restart is still a page).
 */
async function answer(app: FastifyInstance, req: FastifyRequest, apiPrefix: string, path: string, forward: string[], post?: ReadPost): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of forward) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const res = await (post
    ? app.inject({
        method: 'POST',
        url: `${apiPrefix}${path}`,
        headers: { ...headers, 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${OWN_XSRF}`, [XSRF_HEADER]: OWN_XSRF },
        payload: JSON.stringify(post.body),
      })
    : app.inject({ method: 'GET', url: `${apiPrefix}${path}`, headers })).catch(() => undefined);
  return res?.statusCode === 200 ? res.json() : undefined;
}

/** A request of the first screen: a GET of `path`, or the read-only POST `post`; public unless `personal`. */
type FirstRequest = { path: string; post?: ReadPost; personal?: boolean };
const getsOf = (paths: string[], personal: string[] = []): FirstRequest[] => paths.map((path) => ({ path, personal: personal.includes(path) }));

/**
 * Answers `requests` into `into` under the keys the app asks by (writtenKey: a GET's path, a read-only POST's path and
 * body), leaving out any that did not answer 200: the app asks for those itself.
 */
async function answerAll(app: FastifyInstance, req: FastifyRequest, apiPrefix: string, requests: FirstRequest[], into: Answers) {
  const answers = await Promise.all(requests.map((r) => answer(app, req, apiPrefix, r.path, r.personal ? SHOPPER_HEADERS : PUBLIC_HEADERS, r.post)));
  requests.forEach((r, i) => {
    const key = r.post ? writtenKey('POST', r.path, r.post.body) : r.path;
    if (answers[i] !== undefined && key !== undefined) into[key] = answers[i];
  });
}

interface AppInfoShape {
  appContent?: {
    system?: { appMessage?: { currentLocale?: string } };
    appDetail?: { cdnpath?: string; sandbox?: boolean };
    storeName?: string;
    storeNameContent?: Record<string, string> | null;
    logo?: { imageURL?: string } | null;
  };
}

/**
 * The first screen's largest image, by page: home's first banner slide, the product's first picture, the list's banner
 * or first card, the blog post's cover, the campaign's cover, the first live room's cover.
 */
function largestImage(page: string, answers: Answers, gets: string[], posts: ReadPost[]): string | undefined {
  if (page === 'home') {
    const template = answers[HOME_TEMPLATE_GET] as { sections?: { kind: string; slides?: { image: string }[] }[] } | undefined;
    return template?.sections?.find((s) => s.kind === 'banner')?.slides?.[0]?.image;
  }
  if (page === 'product') return (answers[gets[0]] as { images?: string[] } | undefined)?.images?.[0];
  if (page === 'productList') {
    // The category's or tag's banner heads the list when it has one (its heading GET is the third); else the first card.
    const banner = (answers[gets[2]] as { heading?: { banner?: string | null } } | undefined)?.heading?.banner;
    return banner || (answers[gets[0]] as { products?: { images?: string[] }[] } | undefined)?.products?.[0]?.images?.[0];
  }
  if (page === 'blogPost') return (answers[gets[0]] as { cover?: string } | undefined)?.cover || undefined;
  if (page === 'campaign') return (answers[gets[0]] as { campaign?: { cover?: string | null } } | undefined)?.campaign?.cover || undefined;
  if (page === 'liveRooms' && posts[0]) {
    const key = writtenKey('POST', posts[0].path, posts[0].body) ?? '';
    return (answers[key] as { room_info?: { cover_img?: string }[] } | undefined)?.room_info?.[0]?.cover_img || undefined;
  }
  return undefined;
}

type LocalizedShape = Partial<Record<string, string>> | null | undefined;
/** A bilingual text in `locale`, else its plain form (src/hooks/useLocalized.ts). */
const localizedText = (content: LocalizedShape, fallback: string | undefined, locale: string) => content?.[locale]?.trim() || fallback || '';

/** The page's title and text the first paint shows under its image: the campaign's name and description. */
function pageText(page: string, answers: Answers, gets: string[], locale: string): { title: string; body: string } | undefined {
  if (page !== 'campaign') return undefined;
  const campaign = (answers[gets[0]] as { campaign?: { name?: string; nameContent?: LocalizedShape; description?: string; descriptionContent?: LocalizedShape } } | undefined)?.campaign;
  if (!campaign) return undefined;
  return { title: localizedText(campaign.nameContent, campaign.name, locale), body: localizedText(campaign.descriptionContent, campaign.description, locale) };
}

/**
 * `indexHtml` (the built app's page) for the GET of `req.url`, with app info and the first screen's answers (public,
 * but for the shopper's own part of a personal one) written in, the largest image preloaded and the shopper's language on `<html>`.
 */
export async function firstScreenPage(app: FastifyInstance, req: FastifyRequest, apiPrefix: string, indexHtml: string): Promise<string> {
  const answers: Answers = {};
  const screen = firstScreenOf(req.url);
  const [appInfo] = await Promise.all([
    answer(app, req, apiPrefix, APP_INFO_GET, SHOPPER_HEADERS) as Promise<AppInfoShape | undefined>,
    screen ? answerAll(app, req, apiPrefix, [...getsOf(screen.gets, screen.personal), ...(screen.posts ?? []).map((post) => ({ path: post.path, post }))], answers) : undefined,
  ]);
  if (screen?.page === 'home') {
    const template = answers[HOME_TEMPLATE_GET] as { sections?: HomeSectionShape[] } | undefined;
    if (template?.sections) await answerAll(app, req, apiPrefix, getsOf(homeGetsAfterTemplate(template.sections)), answers);
  }
  if (appInfo !== undefined) answers[APP_INFO_GET] = appInfo;

  let html = indexHtml;
  const locale = appInfo?.appContent?.system?.appMessage?.currentLocale;
  // Replacements by function: the written text may hold `$&` and the like, which a replacement string would expand.
  if (locale === 'en' || locale === 'zh') html = html.replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`);
  const image = screen && largestImage(screen.page, answers, screen.gets, screen.posts ?? []);
  const imageHref = image ? imageUrl(image, appInfo?.appContent?.appDetail?.cdnpath) : '';
  if (imageHref) html = html.replace('</title>', () => `</title><link rel="preload" as="image" href="${attribute(imageHref)}" fetchpriority="high">`);
  const content = appInfo?.appContent;
  const logo = content?.logo?.imageURL ? imageUrl(content.logo.imageURL, content.appDetail?.cdnpath) : '';
  const paint = firstPaintHtml({
    locale: locale === 'zh' ? 'zh' : 'en',
    storeName: content?.storeName,
    storeNameContent: content?.storeNameContent,
    logoHref: logo || undefined,
    sandbox: content?.appDetail?.sandbox === true,
    imageHref: imageHref || undefined,
    imageRatio: screen ? HERO_RATIO[screen.page] : undefined,
    imageMaxHeightRem: screen ? HERO_MAX_HEIGHT_REM[screen.page] : undefined,
    text: screen ? pageText(screen.page, answers, screen.gets, locale === 'zh' ? 'zh' : 'en') : undefined,
  });
  html = html.replace('</head>', () => `${paint.style}</head>`).replace(/<body[^>]*>/, (body) => `${body}${paint.body}`);
  const script = `<script id="${INITIAL_ANSWERS_ID}" type="application/json">${scriptJson(answers)}</script>`;
  return html.includes('</body>') ? html.replace('</body>', () => `${script}</body>`) : `${html}${script}`;
}
