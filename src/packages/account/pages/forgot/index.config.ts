export default definePageConfig({ navigationBarTitleText: 'forgot' })
