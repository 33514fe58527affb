// Child process for the DATA_DIR lock test: opens the embedded database and holds it.
import { openDatabase } from '../db/client.js';

const database = await openDatabase({ dataDir: process.argv[2] });
console.log('opened');
if (process.argv[3] === 'hold') setInterval(() => {}, 1000);
else await database.close();
