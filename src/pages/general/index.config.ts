export default definePageConfig({ navigationBarTitleText: 'general' })
