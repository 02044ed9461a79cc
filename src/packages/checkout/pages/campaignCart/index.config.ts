export default definePageConfig({ navigationBarTitleText: 'campaignCart' })
