export default definePageConfig({ navigationBarTitleText: 'Forgot password' })
