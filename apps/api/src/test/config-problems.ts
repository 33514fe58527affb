import { ConfigError, loadConfig, type Env } from '../config.js';

/** The message a configuration refuses to boot with (fails the test if it boots). */
export function configProblems(env: Env): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a configuration error');
}
