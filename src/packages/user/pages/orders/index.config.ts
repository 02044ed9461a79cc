export default definePageConfig({ navigationBarTitleText: 'My orders' })
