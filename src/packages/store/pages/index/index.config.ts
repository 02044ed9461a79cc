export default definePageConfig({ navigationBarTitleText: '', onReachBottomDistance: 300, enableShareAppMessage: true })
