export default definePageConfig({ navigationBarTitleText: 'signup' })
