import type { App } from './app.js';
import type { JobDefinition } from './jobs/queue.js';
import type { ExportSource } from './modules/settings/settings.service.js';
import type { StatementSource } from './modules/statements/statement-source.js';
import type { ProfileSource } from './modules/users/users.service.js';

/**
 * A feature as the composition root sees it (docs/architecture.md, "Adding a feature"): built by
 * `modules/<feature>/<feature>.module.ts` from the infrastructure and the modules it needs, it
 * declares everything it adds to the portal. The container lists the modules in order; `app.ts`
 * and the job runner walk that list, so nothing is wired anywhere else.
 */
export interface FeatureModule {
  readonly name: string;
  /** Registers this feature's HTTP routes. */
  routes?(app: App): void | Promise<void>;
  /** The durable jobs this feature handles. */
  readonly jobs?: readonly JobDefinition[];
  /** The fields this feature adds to a user's profile. */
  readonly profile?: ProfileSource;
  /** The sections this feature adds to "Download my data". */
  readonly exports?: Readonly<Record<string, ExportSource>>;
  /**
   * This feature's part of an investor's statement (ADR 74): its dated lines for a period with
   * the signed change each made to a holding, and (holdings only) today's books. See
   * `modules/statements/statement-source.ts` for what each field must hold.
   */
  readonly statement?: StatementSource;
  /** Runs once the server is ready (after the job workers start, where this process runs them). */
  ready?(): Promise<void>;
  /** Releases what the module holds, in reverse module order. */
  close?(): Promise<void>;
}

/** The contributions of every module, read when needed (the list is complete before any request). */
export class Contributions {
  constructor(private readonly modules: readonly FeatureModule[]) {}

  profileSources(): ProfileSource[] {
    return this.modules.flatMap((module) => (module.profile ? [module.profile] : []));
  }

  exportSources(): [string, ExportSource][] {
    return this.modules.flatMap((module) => Object.entries(module.exports ?? {}));
  }

  statementSources(): [string, StatementSource][] {
    return this.modules.flatMap((module) => (module.statement ? [[module.name, module.statement]] : []));
  }
}

type Services<M> = M extends FeatureModule ? Omit<M, keyof FeatureModule> : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The services of several modules as one object (what a module declares for the portal is left out). */
export function servicesOf<M extends FeatureModule[]>(...modules: M): Intersection<Services<M[number]>> {
  const declared = new Set<string>([
    'name',
    'routes',
    'jobs',
    'profile',
    'exports',
    'statement',
    'ready',
    'close',
  ]);
  return Object.fromEntries(
    modules.flatMap((module) => Object.entries(module).filter(([key]) => !declared.has(key))),
  ) as Intersection<Services<M[number]>>;
}
