export default definePageConfig({ navigationBarTitleText: 'confirmation' })
