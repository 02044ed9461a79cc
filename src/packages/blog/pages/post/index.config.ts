export default definePageConfig({ navigationBarTitleText: 'Blog' })
