export default definePageConfig({ navigationBarTitleText: 'cart' })
