export { default } from '@/features/campaigns/pages/GroupCampaignPage'
