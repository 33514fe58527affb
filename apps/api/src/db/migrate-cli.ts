import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

/** npm run db:migrate: applies the committed migrations (production deployments run this). */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.close();
console.log(`Migrations applied (${database.kind}).`);
