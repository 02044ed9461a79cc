export default definePageConfig({ navigationBarTitleText: 'search' })
