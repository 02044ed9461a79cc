export default definePageConfig({ navigationBarTitleText: '', enableShareAppMessage: true, onReachBottomDistance: 200 })
