export default definePageConfig({ navigationBarTitleText: 'home' })
