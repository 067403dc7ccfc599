import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Actor } from '../lib/audit';
import { AppError } from '../lib/errors';
import { LocalStorage } from '../lib/storage';
import { AnalysesService } from '../modules/analyses/analyses.service';
import { CompanyCalendarService } from '../modules/company-settings/company-calendar.service';
import { CompanySettingsService } from '../modules/company-settings/company-settings.service';
import { DocumentsService } from '../modules/documents/documents.service';
import { MonitoringRoundsService } from '../modules/monitoring-programs/monitoring-rounds.service';
import { TestReportsService } from '../modules/test-reports/test-reports.service';

// The demo's test reports (issue 25 parts 4 and 6): one per done trip and customer with released results, drafted by
// the laboratory's sample manager and signed — through the service, so each signed version has its .docx, hash and
// code. The oldest is corrected to version 2 (a result's unit was misprinted), the newest waits as a draft.

/** Drafts: the sample manager (lab.receive). Signs: the laboratory's head, or the monitoring head where she analysed. */
const CLERK = 'phuong.tt';
const SIGNERS = ['thao.lt', 'duc.tv'];
const CORRECTION =
  'Bản lần 1 ghi sai đơn vị của chỉ tiêu Coliform (MPN/100 mL ghi thành CFU/100 mL); phát hành lại theo yêu cầu của khách hàng.';

const actorOf = (u: { id: number; name: string }, permissions: string[]) =>
  ({ id: u.id, name: u.name, permissions }) as unknown as Actor;

/** Loads the reports once: nothing when one exists or no result is released. */
export async function loadDemoTestReports(db: Kysely<DB>, dataDir: string, publicUrl: string): Promise<boolean> {
  if (await db.selectFrom('test_reports').select('id').limit(1).executeTakeFirst()) return false;
  // Trips and customers with released results, oldest trip first.
  const pairs = await db
    .selectFrom('analyses as a')
    .innerJoin('samples as s', 's.id', 'a.sample_id')
    .innerJoin('sampling_trips as t', 't.id', 's.trip_id')
    .innerJoin('site_points as sp', 'sp.id', 's.point_id')
    .innerJoin('sites as si', 'si.id', 'sp.site_id')
    .select(['t.id as trip_id', 't.start_date', 'si.customer_id'])
    .where('a.state', '=', 'released')
    .where('s.qc_kind', '=', 'normal')
    .groupBy(['t.id', 't.start_date', 'si.customer_id'])
    .orderBy('t.start_date')
    .orderBy('t.id')
    .orderBy('si.customer_id')
    .execute();
  if (pairs.length === 0) return false;
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username', 'name'])
        .where('username', 'in', [CLERK, ...SIGNERS])
        .execute()
    ).map((u) => [u.username, u]),
  );
  const clerk = users.get(CLERK);
  const signers = SIGNERS.map((u) => users.get(u)).filter((u) => u !== undefined);
  if (!clerk || signers.length === 0) return false;
  const documents = new DocumentsService(db, new LocalStorage(path.join(dataDir, 'uploads')));
  const company = new CompanySettingsService(db, documents, new CompanyCalendarService(db));
  const reports = new TestReportsService(db, {
    analyses: new AnalysesService(db),
    company,
    rounds: new MonitoringRoundsService(db),
    storage: new LocalStorage(path.join(dataDir, 'uploads')),
  });
  const drafter = actorOf(clerk, ['lab.index', 'lab.receive']);
  const signerActors = signers.map((s) => actorOf(s, ['lab.index', 'lab.approve']));

  /** Signed by the first signer who analysed none of its results. */
  const sign = async (id: number, version: number) => {
    for (const signer of signerActors) {
      try {
        return await reports.sign(signer, id, version, publicUrl);
      } catch (e) {
        if (!(e instanceof AppError && e.code === 'SAME_ANALYST')) throw e;
      }
    }
    return null;
  };

  const made: { id: number; version: number }[] = [];
  for (const p of pairs) {
    const draft = await reports.create(drafter, {
      trip_id: p.trip_id,
      customer_id: p.customer_id,
      note: 'Kết quả chỉ có giá trị đối với mẫu thử tại thời điểm lấy mẫu.',
    });
    made.push({ id: draft.id, version: draft.version });
  }
  // The newest waits for its signature; the others are signed.
  const signed: { id: number; version: number }[] = [];
  for (const r of made.slice(0, -1)) {
    const s = await sign(r.id, r.version);
    if (s) signed.push({ id: s.id, version: s.version });
  }
  const first = signed[0];
  if (first) await reports.correct(signerActors[0] as Actor, first.id, { version: first.version, reason: CORRECTION }, publicUrl);
  return true;
}
