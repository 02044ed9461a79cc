export { default } from '@/features/referral/pages/ReferrerPage'
