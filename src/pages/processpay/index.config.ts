export default definePageConfig({ navigationBarTitleText: 'processpay' })
