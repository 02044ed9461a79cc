export default definePageConfig({ navigationBarTitleText: 'Influencers' })
