export default definePageConfig({ navigationBarTitleText: 'Blog', onReachBottomDistance: 200 })
