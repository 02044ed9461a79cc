export default definePageConfig({ navigationBarTitleText: '', onReachBottomDistance: 200 })
