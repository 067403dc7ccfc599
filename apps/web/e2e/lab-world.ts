import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { PASSWORD } from './attendance-helpers';
import { adminLogin, apiLogin, createRole, createUser, randomMobile } from './helpers';

// The laboratory's browser specs share one world built through the API: a wastewater point under a regulation's
// column B with Kq and Kf, a programme, a trip, a sample received, COD entered at 180 mg/L (above 148,5), verified by a
// second person and released.

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** Today (offset in days) in Vietnam, YYYY-MM-DD. */
export const vnDay = (offset = 0) => new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

export async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<T>;
}

type Detail = { id: number; version: number };

export interface LabWorldOptions {
  /** The analyst's keys (default lab.analyse only). */
  analystKeys?: string[];
  /** When the sample was taken (default an hour ago). */
  takenAt?: string;
}

/** The world above; `person` makes more users with their own role, `token` is the admin's. */
export async function releasedExceedance(request: APIRequestContext, id: string, opts: LabWorldOptions = {}) {
  const token = await adminLogin(request);
  const regulation = await post<{ id: number; code: string }>(request, token, '/api/regulations', {
    code: `QCVN 40:2011/BTNMT-${id}`,
    title: 'Quy chuẩn kỹ thuật quốc gia về nước thải công nghiệp',
    medium: 'wastewater',
    issuer: 'Bộ Tài nguyên và Môi trường',
    valid_from: '2012-03-15',
    source: 'Kiểm thử giao diện',
    columns: [{ code: 'B', meaning: 'Xả vào nguồn nước không dùng cho cấp nước sinh hoạt' }],
    factors: [
      { code: 'Kq', name: 'Hệ số nguồn tiếp nhận', values: [{ label: 'Q ≤ 50 m³/s', value: '0,9' }] },
      { code: 'Kf', name: 'Hệ số lưu lượng xả', values: [{ label: '50 < F ≤ 500 m³/24 giờ', value: '1,1' }] },
    ],
    limits: [{ analyte: 'COD', name: 'COD', unit: 'mg/L', column: 'B', max: '150', factors: ['Kq', 'Kf'] }],
  });
  const cod = await post<{ id: number; code: string }>(request, token, '/api/parameters', {
    code: `COD-${id}`.toUpperCase(),
    name: `Nhu cầu oxy hóa học ${id}`,
    analyte: 'COD',
    medium: 'wastewater',
    unit: 'mg/L',
    method: 'SMEWW 5220C:2017',
    place: 'lab',
    lod: '2',
  });
  const customer = await post<{ id: number; name: string }>(request, token, '/api/customers', {
    type: 'organization',
    name: `Công ty Giấy Sông Cầu ${id}`,
  });
  const site = await post<{ id: number }>(request, token, '/api/sites', {
    code: `SC-${id}`,
    name: `Nhà máy giấy Sông Cầu ${id}`,
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        regulation_id: regulation.id,
        regulation_column: 'B',
        regulation_factors: [
          { code: 'Kq', value: '0.9', reason: 'Sông Cầu Q = 45 m³/s' },
          { code: 'Kf', value: '1.1', reason: 'F = 300 m³/ngày' },
        ],
        plan: [{ parameter_id: cod.id, frequency: 'quarterly' }],
      },
    ],
  });
  const role = (code: string, permissions: string[]) =>
    createRole(request, token, { code: `${code}-${id}`, name: `${code} ${id}`, permissions });
  const person = async (username: string, name: string, permissions: string[]) => {
    const r = await role(username, permissions);
    const u = { name: `${name} ${id}`, username: `${username}.${id}`, password: PASSWORD };
    const made = await createUser(request, token, { ...u, role_id: r.id, mobile: randomMobile() });
    return { ...u, id: made.id, token: await apiLogin(request, u.username, PASSWORD) };
  };
  // The programme's author, outside the laboratory: the exceedance notice must open for them all the same.
  const owner = await person('ct', 'Lê Minh Chủ trì', ['monitoring.index', 'monitoring.create']);
  const analyst = await person('kn', 'Nguyễn Thị Lan', opts.analystKeys ?? ['lab.analyse']);
  const verifier = await person('sx', 'Trần Văn Minh', ['lab.index', 'lab.verify']);
  const year = vnDay().slice(0, 4);
  const program = await post<{ rounds: { id: number }[] }>(request, owner.token, '/api/monitoring-programs', {
    code: `CT-SC-${id}`,
    name: `Quan trắc nước thải ${id}`,
    site_id: site.id,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
  });
  const leader = await person('lm', 'Đinh Công Thành', ['sampling.index']);
  const trip = await post<{ id: number; code: string; checklist: { round_id: number; point: { id: number } }[] }>(
    request,
    token,
    '/api/sampling-trips',
    {
      name: `Lấy mẫu nước thải ${id}`,
      start_date: vnDay(-1),
      end_date: vnDay(0),
      leader_id: leader.id,
      round_ids: [program.rounds[program.rounds.length - 1]!.id],
    },
  );
  const takenAt = opts.takenAt ?? new Date(Date.now() - 3_600_000).toISOString();
  const me = ((await (await request.get('/api/auth/info', { headers: auth(token) })).json()) as { user: { id: number } }).user;
  const sample = await post<{ id: number; code: string }>(request, token, '/api/samples', {
    trip_id: trip.id,
    round_id: trip.checklist[0]!.round_id,
    point_id: trip.checklist[0]!.point.id,
    code: `${trip.code}-NT1`.toUpperCase(),
    qc_kind: 'normal',
    taken_at: takenAt,
  });
  await post(request, token, `/api/samples/${sample.id}/hand-over`, { to_user_id: me.id, temperature: '4' });
  await post(request, token, `/api/samples/${sample.id}/receive`, { intact: true, temperature: '4' });
  const list = (await (await request.get(`/api/analyses?sample_id=${sample.id}`, { headers: auth(token) })).json()) as {
    data: Detail[];
  };
  const assigned = await post<Detail[]>(request, token, '/api/analyses/assign', {
    analyst_id: analyst.id,
    rows: list.data.map((a) => ({ id: a.id, version: a.version })),
  });
  const entered = await post<Detail[]>(request, analyst.token, '/api/analyses/results', {
    rows: assigned.map((a) => ({ id: a.id, version: a.version, value: '180' })),
  });
  const verified = await post<Detail[]>(request, verifier.token, '/api/analyses/verify', {
    rows: entered.map((a) => ({ id: a.id, version: a.version })),
  });
  const released = await post<Detail[]>(request, verifier.token, '/api/analyses/release', {
    rows: verified.map((a) => ({ id: a.id, version: a.version })),
  });
  return { token, person, customer, regulation, cod, trip, sample, owner, analyst, verifier, released, takenAt };
}
