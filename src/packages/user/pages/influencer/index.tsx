export { default } from '@/features/influencers/pages/MyInfluencerPage'
