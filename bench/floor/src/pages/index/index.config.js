export default definePageConfig({ navigationBarTitleText: 'Hello' })
