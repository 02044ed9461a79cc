export { default } from '@/features/memberships/pages/MembershipPage'
