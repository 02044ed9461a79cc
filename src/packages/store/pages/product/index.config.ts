export default definePageConfig({ navigationBarTitleText: 'product' })
