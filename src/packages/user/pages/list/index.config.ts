export default definePageConfig({ navigationBarTitleText: 'list' })
