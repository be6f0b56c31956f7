/**
 * Runs before `npm start`: builds the site and the server when there is no
 * complete build yet, so `npm install && npm start` works on a fresh clone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const required = ['build/client/index.html', 'build/node/server/main.js', 'build/.complete'];
const missing = required.filter((file) => !existsSync(file));

if (missing.length > 0) {
  console.log(`No complete build (missing ${missing.join(', ')}): building first.`);
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
