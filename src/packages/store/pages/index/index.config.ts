export default definePageConfig({ navigationBarTitleText: 'index' })
