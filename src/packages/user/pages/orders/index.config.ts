export default definePageConfig({ navigationBarTitleText: 'orders' })
