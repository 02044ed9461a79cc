export default definePageConfig({ navigationBarTitleText: 'My account' })
