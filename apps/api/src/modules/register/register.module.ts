import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { RegisterRepo } from './register.repo.js';
import { registerRoutes } from './register.routes.js';
import { RegisterService } from './register.service.js';

/** The register of holders (ADR 69): read from the books, the identity registry and the purchases. */
export function registerModule(infra: Infrastructure) {
  const register = new RegisterService({ repo: new RegisterRepo(infra.db), clock: infra.clock });
  return {
    name: 'register',
    register,
    routes: (app) => registerRoutes(app, register),
  } satisfies FeatureModule & Record<string, unknown>;
}
