#!/usr/bin/env node
// A consistent copy of the SQLite database while the app keeps running (docs/operations.md, "Backups").
// Copying qlcv.sqlite with cp/tar while the server writes can catch the main file and its WAL at different moments;
// SQLite's online backup API (better-sqlite3's `.backup()`) copies a single consistent snapshot instead.
//
//   node scripts/backup-sqlite.mjs [target]
//
// The source is DATABASE_URL=sqlite:<file> or <DATA_DIR>/qlcv.sqlite (DATA_DIR defaults to ./data, as for the
// server). The target defaults to <DATA_DIR>/backups/qlcv-<UTC yyyymmdd-hhmmss>.sqlite; an existing target is refused.
// The copy is checked (`pragma integrity_check`) and its row counts printed.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// better-sqlite3 is the server's dependency: resolve it from there.
const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/package.json'));
const Database = require('better-sqlite3');

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const url = process.env.DATABASE_URL;
if (url && !url.startsWith('sqlite:')) {
  console.error('DATABASE_URL is not SQLite: back up PostgreSQL with pg_dump (docs/operations.md).');
  process.exit(2);
}
const source = url ? path.resolve(url.slice('sqlite:'.length)) : path.join(dataDir, 'qlcv.sqlite');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const target = path.resolve(process.argv[2] || path.join(dataDir, 'backups', `qlcv-${stamp}.sqlite`));

if (!existsSync(source)) {
  console.error(`No database at ${source}`);
  process.exit(1);
}
if (existsSync(target)) {
  console.error(`${target} exists already; give another name.`);
  process.exit(1);
}
mkdirSync(path.dirname(target), { recursive: true });

const started = Date.now();
const db = new Database(source, { readonly: true, fileMustExist: true });
// The server's busy timeout, so a write in progress delays the copy rather than failing it.
db.pragma('busy_timeout = 5000');
try {
  await db.backup(target);
} finally {
  db.close();
}

const copy = new Database(target, { readonly: true });
const check = copy.pragma('integrity_check', { simple: true });
const count = (table) => {
  try {
    return copy.prepare(`select count(*) as n from ${table}`).get().n;
  } catch {
    return '-';
  }
};
const counts = ['users', 'customers', 'requests', 'works', 'documents'].map((t) => `${t} ${count(t)}`).join(', ');
copy.close();
if (check !== 'ok') {
  console.error(`Backup written to ${target} but its integrity check says: ${check}`);
  process.exit(1);
}
const mb = (statSync(target).size / 1024 / 1024).toFixed(1);
console.log(`Backed up ${source} → ${target} (${mb} MB, ${Date.now() - started} ms, integrity ok; ${counts})`);
