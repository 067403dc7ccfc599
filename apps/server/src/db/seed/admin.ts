import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE_CODE } from '@qlcv/common/permissions';
import type { Kysely } from 'kysely';
import { nowIso } from '../../lib/clock';
import { hashPassword } from '../../lib/crypto';
import { formatCode, nextSequence } from '../../lib/sequences';
import type { DB } from '../schema';

/** The system admin role (every key, cannot be deleted) and the `admin` user, created once. */
export async function ensureAdmin(db: Kysely<DB>, password?: string): Promise<{ generatedPassword?: string }> {
  const now = nowIso();
  let role = await db.selectFrom('roles').select('id').where('code', '=', ADMIN_ROLE_CODE).executeTakeFirst();
  if (!role) {
    role = await db
      .insertInto('roles')
      .values({
        code: ADMIN_ROLE_CODE,
        name: 'Quản trị hệ thống',
        description: 'Toàn quyền trên hệ thống',
        is_system: 1,
        search_text: 'admin quan tri he thong',
        created_at: now,
        updated_at: now,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const user = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (user) return {};
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  const code = formatCode('NV', await nextSequence(db, 'users'));
  await db
    .insertInto('users')
    .values({
      code,
      name: 'Quản trị viên',
      username: 'admin',
      email: null,
      mobile: null,
      password_hash: await hashPassword(password ?? generated!),
      role_id: role.id,
      department_id: null,
      position: 'Quản trị hệ thống',
      gender: null,
      birthday: null,
      joined_at: null,
      address: null,
      search_text: `${code.toLowerCase()} quan tri vien admin`,
      created_at: now,
      updated_at: now,
      created_by: null,
    })
    .execute();
  return { generatedPassword: generated };
}
