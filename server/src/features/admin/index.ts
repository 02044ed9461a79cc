/** The back office (/api/istore/admin and /admin): the feature's one object (features/feature.ts), listed in features/index.ts. */
import type { ServerFeature } from '../feature.ts';
import adminRoutes from './routes.ts';

export const admin: ServerFeature = {
  name: 'admin',
  routes: { plugin: adminRoutes, under: 'root' },
};
