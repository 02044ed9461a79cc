export default definePageConfig({ navigationBarTitleText: 'Payment' })
