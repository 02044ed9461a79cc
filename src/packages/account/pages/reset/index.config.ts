export default definePageConfig({ navigationBarTitleText: 'Password' })
