export default definePageConfig({ navigationBarTitleText: 'Checkout' })
