export default definePageConfig({ navigationBarTitleText: 'reset' })
