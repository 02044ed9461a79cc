/** Influencers' pages: the feature's one object (features/feature.ts), listed in features/index.ts. */
import type { ServerFeature } from '../feature.ts';
import influencerRoutes from './routes.ts';
import { seedInfluencers } from './seed.ts';

export const influencers: ServerFeature = {
  name: 'influencers',
  routes: { plugin: influencerRoutes, under: 'api' },
  seed: [{ key: 'seeded.influencers', run: (q) => seedInfluencers(q) }],
};
