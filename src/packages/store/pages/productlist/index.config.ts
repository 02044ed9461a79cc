export default definePageConfig({ navigationBarTitleText: 'productlist' })
