/** The last build step: marks build/ as complete, so `npm start` knows it can skip building. */
import { writeFileSync } from 'node:fs';

writeFileSync('build/.complete', `${new Date().toISOString()}\n`);
