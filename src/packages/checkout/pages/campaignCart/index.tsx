export { default } from '@/features/campaigns/pages/CampaignCartPage'
