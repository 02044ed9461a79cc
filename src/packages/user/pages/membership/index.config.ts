export default definePageConfig({ navigationBarTitleText: 'Membership' })
