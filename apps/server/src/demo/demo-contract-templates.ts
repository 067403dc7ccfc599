import path from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Actor } from '../lib/audit';
import { LocalStorage } from '../lib/storage';
import { ContractTemplatesService } from '../modules/contract-templates/contract-templates.service';
import { sampleAnalysisTemplate, sampleTemplate } from '../modules/contract-templates/sample-template';
import { DocumentsService } from '../modules/documents/documents.service';
import type { Upload } from '../plugins/multipart';

// The demo company's contract templates (issue 11): the suggested monitoring contract, in use, and a shorter
// sampling-and-analysis one. They go through the templates service, so each file is checked and stored as the
// upload screen would.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const TEMPLATES = [
  {
    code: 'HD-QTMT',
    name: 'Hợp đồng dịch vụ quan trắc môi trường',
    description: 'Mẫu chuẩn cho hợp đồng quan trắc môi trường định kỳ (khí thải, nước thải, không khí xung quanh).',
    fileName: 'Mẫu hợp đồng quan trắc môi trường.docx',
    file: sampleTemplate,
  },
  {
    code: 'HD-LMPT',
    name: 'Hợp đồng lấy mẫu và phân tích',
    description: 'Dùng cho các hợp đồng lấy mẫu, phân tích thí nghiệm theo yêu cầu lẻ của khách hàng.',
    fileName: 'Mẫu hợp đồng lấy mẫu và phân tích.docx',
    file: sampleAnalysisTemplate,
  },
] as const;

/** The director, who keeps the company's settings, as the author. */
async function directorActor(db: Kysely<DB>): Promise<Actor | null> {
  const u = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.name', 'u.role_id', 'r.code as role_code', 'u.department_id'])
    .where('u.username', '=', 'hung.nv')
    .executeTakeFirst();
  if (!u) return null;
  return {
    id: u.id,
    name: u.name,
    roleId: u.role_id,
    roleCode: u.role_code,
    departmentId: u.department_id,
    permissions: ['settings.edit'],
    tokenId: 0,
    ip: null,
    userAgent: null,
  };
}

/** Loads the demo templates once (none is added when the first code exists). Returns how many were added. */
export async function loadDemoContractTemplates(db: Kysely<DB>, dataDir: string): Promise<number> {
  const actor = await directorActor(db);
  if (!actor) return 0;
  if (await db.selectFrom('contract_templates').select('id').where('code', '=', TEMPLATES[0].code).executeTakeFirst()) return 0;
  const storage = new LocalStorage(path.join(dataDir, 'uploads'));
  const templates = new ContractTemplatesService(db, new DocumentsService(db, storage));
  for (const t of TEMPLATES) {
    const temp = await storage.receive(Readable.from([t.file()]));
    const upload: Upload = {
      ...temp,
      field: 'file',
      base: 'file',
      originalName: t.fileName,
      mime: DOCX,
      storageKey: null,
      committed: false,
    };
    await templates.create(actor, { code: t.code, name: t.name, description: t.description, active: true, kind: 'contract' }, [
      upload,
    ]);
  }
  return TEMPLATES.length;
}
