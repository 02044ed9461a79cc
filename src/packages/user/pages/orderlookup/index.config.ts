export default definePageConfig({ navigationBarTitleText: 'Track an order' })
