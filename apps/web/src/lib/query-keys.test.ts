import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { historyKey, queryKeys } from './query-keys';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });

describe('query keys', () => {
  it('nest under their resource, so invalidating the resource or its lists reaches every query below', () => {
    expect(queryKeys.users.list({ page: 2 }).slice(0, 2)).toEqual([...queryKeys.users.lists()]);
    expect(queryKeys.users.lists().slice(0, 1)).toEqual([...queryKeys.users.all]);
    expect(queryKeys.works.my({ page: 1 }).slice(0, 2)).toEqual([...queryKeys.works.mine()]);
    expect(queryKeys.users.byRole(3).slice(0, 2)).toEqual([...queryKeys.users.byRoles()]);
    expect(historyKey('request_types', 4)).toEqual(['request-types', 'history', 4]);
    expect(historyKey('works', 5)).toEqual([...queryKeys.works.history(5)]);
  });

  it('are never spelled out by hand outside the factory', () => {
    const bare = files(SRC)
      .filter((f) => !f.endsWith('query-keys.ts'))
      .filter((f) =>
        /queryKey:\s*\[|(?:invalidate|remove|refetch|cancel|reset)Queries\(\s*\[|[sg]etQueryData\(\s*\[/.test(
          readFileSync(f, 'utf8'),
        ),
      )
      .map((f) => path.relative(SRC, f));
    expect(bare).toEqual([]);
  });
});
