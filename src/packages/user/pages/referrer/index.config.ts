export default definePageConfig({ navigationBarTitleText: 'Referral programme', enableShareAppMessage: true })
