export default definePageConfig({ navigationBarTitleText: 'Influencer profile' })
