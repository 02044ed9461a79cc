/**
 * The one place platform differences live (H5, WeChat mini-program, Alipay mini-program).
 * Pages and hooks call `platform`; they never test TARO_ENV. One implementation per platform:
 * index.h5.ts, index.weapp.ts, index.alipay.ts (Taro picks the file by suffix at build time).
 */
export interface Environment {
  kind: 'h5' | 'weapp' | 'alipay'
  /** Running as a mini-program (WeChat or Alipay), not in a browser. */
  miniProgram: boolean
  weChatMiniProgram: boolean
  alipayMiniProgram: boolean
  /** H5 inside WeChat's browser (spec §4 user-agent rule), including a mini-program web-view. */
  weChatBrowser: boolean
  /** H5 page shown in a WeChat mini-program's web-view: mini-program pages open through the JS-SDK. */
  weChatMiniProgramWebView: boolean
  /** H5 page shown in an Alipay mini-program's web-view: mini-program pages open through Alipay's web-view bridge. */
  alipayMiniProgramWebView: boolean
  alipayBrowser: boolean
  mobile: boolean
}

export interface CookieStore {
  /** Value of a cookie the client may read (XSRF-TOKEN). */
  read(name: string): string | undefined
  /** Cookie header to send ourselves; undefined where the platform's cookie jar does it. */
  header(): string | undefined
  /** Keeps cookies from a response's Set-Cookie where the platform does not. */
  remember(setCookie: string | string[] | undefined): void
}

export interface RouteState {
  /** Public path, e.g. /store/product/12 (also on mini-programs, mapped from the page path). */
  path: string
  params: Record<string, string>
}

export type NavigateMode = 'push' | 'replace' | 'relaunch'

/** Result of a platform payment sheet; `redirect` means the browser is leaving for the provider. */
export type PaymentOutcome =
  | { kind: 'paid'; orderID: string }
  | { kind: 'cancelled'; orderID: string }
  | { kind: 'failed'; orderID: string; message: string }
  | { kind: 'redirect'; url: string }

/** Hosted (redirect) payment channels of the H5 client: the contract's list (paymentConfig's h5Channels is a subset). */
export type { H5PaymentChannel } from '@contract/constants'
import type { H5PaymentChannel } from '@contract/constants'
import type { DeviceDetail, HeaderEnv } from '@/domain/userAgent'
import type { Deposit } from '@contract/payments'

/**
 * One online payment of a reserved order. H5 uses `channel` (in a normal browser) or the WeChat browser's
 * in-page payment (`weChatCode` from /processpay); the mini-programs use their own payment sheet.
 */
export interface PaymentRequest {
  orderID: string
  channel?: H5PaymentChannel
  weChatCode?: string
}

/** What WeChat's confirm-receipt component answered (platform.confirmReceipt). */
export type ReceiptOutcome = 'success' | 'fail' | 'cancel' | 'unavailable'

/** What the platform's share sheet did: opened or shared, the link copied instead, the shopper closed it, or nothing worked. */
export type ShareResult = 'shared' | 'copied' | 'cancelled' | 'failed'

/** What to share: a public path of the spec (e.g. /store/product/1001) and its title. */
export interface ShareOptions {
  title: string
  path: string
  /** Share page of a network, opened in the H5 popup. */
  network: 'facebook' | 'twitter'
}

/** A store-credit top-up of `amount` minor units; H5 pays on `channel`'s hosted page, mini-programs in their sheet. */
export interface TopUpRequest {
  amount: number
  channel?: H5PaymentChannel
}

/**
 * Where a top-up stands after the platform's payment flow: `redirect` — the browser is leaving for the provider's page
 * and comes back to /user/list?deposit={depositID}; `settled` — the mini-program sheet closed and the server's answer
 * is in (PAID with the new balance, FAILED, or PENDING while the provider has not confirmed yet).
 */
export type TopUpOutcome = { kind: 'redirect'; url: string } | { kind: 'settled'; deposit: Deposit }

/** The platform's own identity for sign-in; the server turns a code into the shopper's account. */
export type PlatformIdentity =
  | { kind: 'wechatCode'; code: string }
  | { kind: 'alipayCode'; code: string }
  /** The browser is leaving for WeChat's OAuth page; it comes back with ?code=. */
  | { kind: 'redirect'; url: string }
  | { kind: 'unsupported' }

export interface SignInOptions {
  /** H5 in WeChat's browser: the OAuth authorize URL from wechat/enabled. */
  weChatAuthorizeUrl?: string
  /** H5 in Alipay's in-app browser: the store's Alipay app id (GET /common3/apaId) the auth code is asked for. */
  alipayAppId?: string
}

/** Spec §2 add-to-home prompt: the browser's install offer (H5 only). */
export interface InstallPromptCapability {
  /** Calls the listener when (or if already) the browser offers installation; returns the unsubscribe. */
  onAvailable(listener: () => void): () => void
  /** Shows the browser's install dialog; true when the shopper accepted. */
  prompt(): Promise<boolean>
  /** Forgets the stored offer (after accept or dismiss). */
  clear(): void
}

/**
 * The privacy APIs the app calls (docs/deploy.md "Privacy declaration" lists each with its purpose, from
 * src/platform/privacy-declaration.json; scripts/privacy-declaration.mjs checks the source for new ones).
 */
export type PrivacyApi = 'chooseImage' | 'setClipboardData'

/** The host asks for the shopper's agreement to the store's privacy guide before `api` runs; the store's prompt answers. */
export interface PrivacyRequest {
  api: PrivacyApi | string
  /** The guide's name as the host knows it (getPrivacySetting's privacyContractName), when it says. */
  contractName?: string
  /** The shopper tapped the prompt's agree button (its Button has `agreeOpenType` and the id PRIVACY_AGREE_BUTTON_ID). */
  agree(): void
  /** The shopper declined: the API is not run. */
  refuse(): void
  /** Opens the guide the store declared in the host's console (openPrivacyContract). */
  openContract(): void
}

/** The id of the prompt's agree button: WeChat checks that the button resolve() names was tapped. */
export const PRIVACY_AGREE_BUTTON_ID = 'privacy-agree'

/**
 * The hosts' privacy authorization (WeChat: onNeedPrivacyAuthorization, requirePrivacyAuthorize, getPrivacySetting,
 * openPrivacyContract; Alipay: my.onNeedPrivacyAuthorization, my.getPrivacySetting, my.openPrivacyContract). H5 has
 * none: require answers true and no prompt is ever asked for.
 */
export interface PrivacyAuthorization {
  /** The open-type the agree button carries, so that its tap tells the host the shopper agreed; undefined on H5. */
  readonly agreeOpenType?: 'agreePrivacyAuthorization'
  /** Listens to the host's requests for agreement (once, at start): the listener shows the store's prompt. */
  onRequest(listener: (request: PrivacyRequest) => void): void
  /** Before a privacy API: asks for agreement when the host needs it; true once the shopper has agreed (or none is needed). */
  require(api: PrivacyApi): Promise<boolean>
}

export interface Connectivity {
  online(): boolean
  subscribe(listener: (online: boolean) => void): () => void
}

export interface Platform {
  environment(): Environment
  /**
   * The header's device kind (spec headerControl): on H5 the page's own reading with app info's appDetail flags
   * (domain/userAgent headerDeviceKind); a native mini-program is always a mini-program on a phone.
   */
  headerDeviceKind(detail?: DeviceDetail | null): HeaderEnv
  /** Origin of the API ('' = same origin on H5). */
  apiOrigin(): string
  cookies: CookieStore
  /** Current route in public terms. */
  currentRoute(): RouteState
  /** Opens a public URL of the spec (e.g. /store/productlist?cat=shoes). */
  navigate(url: string, mode?: NavigateMode): void
  back(): void
  /** Opens a page of the host mini-program (spec: /pages/contact/contact, /pages/livestream/livestream?roomId=...). Resolves false where there is no host mini-program. */
  openMiniProgramPage(path: string): Promise<boolean>
  openExternal(url: string): void
  /** Calls a phone number: the phone app on H5 (tel:), the host's call sheet on the mini-programs. */
  dial(phone: string): void
  /**
   * How this platform answers the spec's tab bar "Support": 'conversation' — the host's customer-service chat, which
   * only a tapped button with open-type="contact" opens (WeChat); 'page' — the contact page, /pages/contact/contact
   * (Alipay: its customer-service button needs the merchant's tnt-inst-id, which app info does not carry);
   * 'sheet' — the store's e-mail, phone and chat link in a sheet, with the contact page in it (H5).
   */
  readonly support: 'conversation' | 'page' | 'sheet'
  /**
   * Spec §7 "At startup the app loads app info before it is ready": whether the shell holds the first page's content
   * back until app info has answered (or failed), so it never shows the built-in defaults first. The mini-programs do;
   * on H5 the server writes app info into the page (shared/initialAnswers.ts), so it is in hand at once.
   */
  readonly waitsForAppInfo: boolean
  /** The host's privacy authorization: every privacy API asks `privacy.require` first (pages never call them directly). */
  privacy: PrivacyAuthorization
  /**
   * Asks the shopper to accept the store's order messages on this platform (issue 41 item 4): WeChat's subscription
   * messages (wx.requestSubscribeMessage, at most 3 template ids; it must run from the shopper's tap, so call it before
   * any await of the tap's handler). Answers the ids the shopper accepted; [] where the platform sends none (H5, and
   * Alipay, whose sending the server does not build), on a refusal or a failure, which never stops what the tap does.
   */
  requestOrderMessages(templateIds: string[]): Promise<string[]>
  /**
   * WeChat's order-shipping service (issue 40): the payment number (merchant_trade_no) WeChat appends to the page its
   * shipping and confirm-receipt messages open (set_msg_jump_path), from that page's query; null where no such message
   * opens the app (H5, Alipay) or the page was opened otherwise.
   */
  paymentOfMessage(params: Record<string, string>): string | null
  /**
   * Opens WeChat's confirm-receipt component for a payment the store uploaded as shipped (WeChat mini-program only) and
   * answers what it said on coming back: 'success' (the shopper confirmed; the server still asks WeChat), 'fail',
   * 'cancel', or 'unavailable' (another platform, or a WeChat too old for the component).
   */
  confirmReceipt(payment: { merchantId: string; merchantTradeNo: string }): Promise<ReceiptOutcome>
  /** Persistent key/value storage. */
  storage: {
    get<T>(key: string): T | undefined
    set(key: string, value: unknown): void
    remove(key: string): void
  }
  userAgent(): string
  /**
   * The device's language tag for a first visit (issue 15 item 6): the mini-programs' system language ('zh_CN', 'en');
   * undefined on H5, where the server takes the browser's Accept-Language into app info's currentLocale.
   */
  deviceLanguage(): string | undefined
  windowWidth(): number
  /**
   * Names the shown page: the title bar on mini-programs; document.title and <html lang> on H5 (screen readers, tabs,
   * search engines), and the tab's icon from the store's favicon (app info favicon.imageURL) when it has one.
   */
  describePage(page: { title: string; language: string; icon?: string }): void
  /**
   * After a refused submit: brings the first invalid field under `scope` (a selector; the whole page when omitted) into
   * view, its label with some room above it, and gives it the focus. A field marks itself invalid with the class
   * `field--invalid` on the box holding its label, control and message, and `aria-invalid="true"` on the control (on
   * a choice group, the radiogroup: its first option takes the focus). H5 focuses without the browser's own scroll and
   * scrolls itself (the sticky header would hide the label); the mini-programs scroll the field's box to the top with
   * pageScrollTo({ selector }).
   */
  revealInvalidField(scope?: string): void
  /**
   * Brings the first element of the shown page matching `selector` into view, its top with some room below the sticky
   * header (H5: in the page's own scrolling box; the mini-programs: pageScrollTo({ selector })), without moving focus.
   */
  reveal(selector: string): void
  /** Whether the device has a network connection now, and changes to it (subscribe returns the unsubscribe). */
  connectivity: Connectivity
  /** Spec §2 "lazy areas are preloaded after first load": H5 fetches their chunks when idle; mini-programs use preloadRule. */
  preloadLazyAreas(): void
  /**
   * The Taro Input `type` that brings up the keyboard for a phone or e-mail field. The mini-programs' input has no
   * autocomplete, inputmode or e-mail type (WeChat: text, number, idcard, digit, safe-password, nickname; Alipay: text,
   * number, idcard, digit and its own *pad keypads): a phone gets the number keyboard, an e-mail the text one. H5
   * answers undefined: the browser's input type and inputmode choose its keyboard (Field's nativeProps).
   */
  keyboardType(field: 'email' | 'tel'): 'number' | 'text' | undefined
  /**
   * Spec §9 share popup (800x500) on H5. Mini-programs share through the page's share menu
   * (useShareAppMessage in the page), so there it does nothing and returns false.
   */
  share(opts: ShareOptions): boolean
  /**
   * How this platform shares a page (components/common/ShareActions): 'open-type' — only a tapped button with
   * open-type="share" opens WeChat's share sheet, which takes the page's usePageShare payload; 'panel' — Alipay's share
   * panel, opened from code, same payload; 'web' — the browser's share sheet (Web Share API), the link copied where
   * there is none. Sharing itself is never rewarded (the platforms forbid it).
   */
  readonly shareSheet: 'open-type' | 'panel' | 'web'
  /** Opens the share sheet for a public path (query allowed). WeChat has no such call ('failed'): its button does it. */
  sharePage(opts: { title: string; path: string }): Promise<ShareResult>
  /** Copies the absolute link of a public path; false where the platform has no web link (mini-programs). */
  copyLink(path: string): Promise<boolean>
  /** The absolute web address of a public path (H5: this site's origin); null on the mini-programs, which have none. */
  webLink(path: string): string | null
  /** Asks the platform for the shopper's identity (WeChat/Alipay code, or the WeChat OAuth redirect). */
  signIn(options?: SignInOptions): Promise<PlatformIdentity>
  /**
   * Shows pictures full screen with the host's own viewer (pinch to zoom, swipe between them), from `current`; absent on
   * H5, whose product gallery opens its own (components/product/ImageViewer.h5.tsx). Issue 42 n-2.
   */
  previewImages?(urls: string[], current: number): void
  /** The add-to-home offer; absent or null on mini-programs, which cannot be installed. */
  installPrompt?(): InstallPromptCapability | null
  /**
   * H5: the answer the server wrote into the page it served for this GET or read-only POST (path and query under the
   * API prefix, and the POST's body), once (shared/initialAnswers.ts); undefined when there is none. Absent on the
   * mini-programs.
   */
  writtenAnswer?(method: string, pathAndQuery: string, body?: unknown): unknown
  /**
   * How this host plays one of the store's live rooms (spec §2 /pages/livestream/livestream; the rooms are WeChat's):
   * 'plugin' — WeChat's live-player plugin, which the build declared (plugins are fixed at build time:
   * ISTORE_WECHAT_LIVE_PLAYER); 'notInBuild' — a WeChat mini-program built without it; 'inWeChat' — elsewhere (Alipay,
   * H5) the room is watched in the store's WeChat mini-program.
   */
  readonly livePlayer: 'plugin' | 'notInBuild' | 'inWeChat'
  /** Opens the room in the live-player plugin's page; only where livePlayer is 'plugin'. */
  playLiveRoom?(roomId: string): Promise<boolean>
  /**
   * Whether virtual goods (memberships) may be bought here: WeChat does not allow selling them inside a mini-program
   * on iOS, so there pages show the offer without a purchase button and say where to buy.
   */
  virtualGoodsPurchase(): boolean
}
