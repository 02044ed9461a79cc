export default definePageConfig({ navigationBarTitleText: 'order' })
