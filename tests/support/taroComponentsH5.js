/**
 * '@tarojs/components' as the H5 build has it with h5.useHtmlComponents (config/index.ts): Taro's React HTML
 * components (@tarojs/components-react) where there is one, its web components for the rest. Taken per component,
 * since components-react's own index imports the web-component library back under the name this file stands for.
 * The exports object is filled in place: an HTML component (Button) importing another (View) from here while this
 * file is still loading reads it when it renders.
 */
const webComponents = require('@tarojs/components/lib/react/index.js')
const html = (name) => require(`@tarojs/components-react/dist/components/${name}/index.js`)

Object.assign(module.exports, webComponents, {
  Button: html('button').default,
  Icon: html('icon').default,
  Image: html('image').default,
  Input: html('input').default,
  Picker: html('picker').default,
  PullDownRefresh: html('pull-down-refresh').default,
  Refresher: html('refresher').default,
  ScrollView: html('scroll-view').default,
  Swiper: html('swiper').Swiper,
  SwiperItem: html('swiper').SwiperItem,
  Text: html('text').default,
  // The store's own plain View, as the build puts it in place of Taro's (src/components/taro/HtmlView.h5.tsx).
  View: require('../../src/components/taro/HtmlView.h5.tsx').default
})
