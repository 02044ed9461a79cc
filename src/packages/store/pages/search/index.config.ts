export default definePageConfig({ navigationBarTitleText: '', onReachBottomDistance: 300 })
