import type { Generated } from 'kysely';

// Kysely table types. Times are ISO strings on both engines (the pg type parsers make them so).

interface Stamps {
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  created_by: number | null;
}

export interface DepartmentsTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  head_id: number | null;
  description: string | null;
  search_text: string;
}

export interface RolesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  is_system: number;
  search_text: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission: string;
}

export interface UsersTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  username: string;
  email: string | null;
  mobile: string | null;
  password_hash: string;
  role_id: number;
  department_id: number | null;
  position: string | null;
  gender: string | null;
  birthday: string | null;
  joined_at: string | null;
  address: string | null;
  avatar: string | null;
  status: Generated<string>;
  last_login_at: string | null;
  search_text: string;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
  last_used_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordOtpsTable {
  id: Generated<number>;
  user_id: number;
  mobile: string;
  code_hash: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
  created_at: string;
  ip: string | null;
}

export interface AuditLogsTable {
  id: Generated<number>;
  entity: string;
  entity_id: number;
  action: string;
  changes: string | null;
  user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface SequencesTable {
  name: string;
  value: number;
}

export interface DB {
  departments: DepartmentsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  password_otps: PasswordOtpsTable;
  audit_logs: AuditLogsTable;
  sequences: SequencesTable;
}
