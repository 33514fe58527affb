import type { Contributions, FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { statementsRoutes } from './statements.routes.js';
import { StatementsService } from './statements.service.js';

/**
 * Statements (ADR 74): every module's `statement` contribution for one investor and one period,
 * as JSON, CSV and PDF.
 */
export function statementsModule(infra: Infrastructure, deps: { contributions: Contributions }) {
  const statements = new StatementsService({
    sources: () => deps.contributions.statementSources(),
    clock: infra.clock,
  });
  return {
    name: 'statements',
    statements,
    routes: (app) => statementsRoutes(app, statements),
  } satisfies FeatureModule & Record<string, unknown>;
}
