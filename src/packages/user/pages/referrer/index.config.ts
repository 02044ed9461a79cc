export default definePageConfig({ navigationBarTitleText: 'Referral programme' })
