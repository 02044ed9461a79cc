// The route shell: the page lives in its feature. The stylesheet stays last, as it was when the page was here.
export { default } from '@/features/influencers/pages/InfluencerListPage'
import '../store.scss'
