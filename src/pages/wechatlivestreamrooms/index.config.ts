export default definePageConfig({ navigationBarTitleText: 'wechatlivestreamrooms' })
