export default definePageConfig({ navigationBarTitleText: 'Contact us' })
