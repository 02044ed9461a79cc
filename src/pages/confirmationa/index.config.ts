export default definePageConfig({ navigationBarTitleText: 'Order confirmation' })
