/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.svg'
declare module '*.scss'

/** Replaced at build time (config/index.ts): origin of the API for mini-program builds; '' on H5. */
declare const ISTORE_API_ORIGIN: string
/** Version of WeChat's live-player plugin the WeChat build declares ('' = none): config/livePlayer.ts. */
declare const ISTORE_WECHAT_LIVE_PLAYER: string

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'alipay' | 'h5'
    TARO_APP_ID: string
  }
}
