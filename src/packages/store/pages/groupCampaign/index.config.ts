export default definePageConfig({ navigationBarTitleText: 'groupCampaign' })
