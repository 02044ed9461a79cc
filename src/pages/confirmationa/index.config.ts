export default definePageConfig({ navigationBarTitleText: 'confirmationa' })
