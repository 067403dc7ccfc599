import { isPermissionKey, type PermissionKey } from '@qlcv/common/permissions';
import { AUDIT_ENTITIES, type AuditEntity, auditKeysOf, auditLogQuery, auditLogSchema } from '@qlcv/common/schemas/audit-logs';
import { paginated } from '@qlcv/common/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import type { AuditLogsService } from './audit-logs.service';

// Any key that opens one of the audited records lets the call through; the service checks the entity's own.
// (Works have no edit key: only the keys of the catalogue are named.)
const OPENING_KEYS: PermissionKey[] = [...new Set((Object.keys(AUDIT_ENTITIES) as AuditEntity[]).flatMap(auditKeysOf))].filter(
  isPermissionKey,
);

export const auditLogsRoutes: FastifyPluginAsyncZod<{ auditLogs: AuditLogsService }> = async (app, { auditLogs }) => {
  app.get(
    '/api/audit-logs',
    {
      config: { permission: OPENING_KEYS },
      schema: { tags: ['audit-logs'], querystring: auditLogQuery, response: { 200: paginated(auditLogSchema) } },
    },
    (req) => auditLogs.list(actorOf(req), req.query),
  );
};
