export default definePageConfig({ navigationBarTitleText: 'Confirm e-mail' })
