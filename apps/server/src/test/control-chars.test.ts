import { LOOKUP_MISS_MESSAGE } from '@qlcv/common/schemas/public-requests';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, looksVietnamese, uniq } from './fixtures';
import { createTestApp, type TestApp } from './harness';
import { filesUnder, multipart, SAMPLES } from './multipart';

// Issue 8 part 1: a control character (U+0000 above all, which PostgreSQL refuses in text) in any input of any route
// answers 422 on its field, never a 500; a search box drops them; the public lookup treats them as one more miss.
// Every route is taken from the app itself (its route table and OpenAPI description), so a new route is covered too.

const NUL = 'a\u0000b';
const t: TestApp = await createTestApp();

interface OpenApiSchema {
  type?: string | string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  enum?: unknown[];
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: OpenApiSchema }> };
}
const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
};
const operation = (method: string, url: string): OpenApiOperation | undefined =>
  doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

/** A body shaped like the route's schema with NUL in every string (a plain value elsewhere), and how many strings. */
function hostile(schema: OpenApiSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return NUL;
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options?.length) return hostile(options.find((o) => o.type !== 'null') ?? options[0], depth + 1);
  const type = [schema.type ?? 'string'].flat().find((x) => x !== 'null');
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? { text: {} }).map(([k, v]) => [k, hostile(v, depth + 1)]));
    case 'array':
      return [hostile(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return NUL;
  }
}

const isControlCharRefusal = (res: LightMyRequestResponse) => {
  const body = res.json() as { message: string; errors: { field?: string; message: string }[]; error_code: string };
  return (
    res.statusCode === 422 &&
    body.error_code === 'VALIDATION_FAILED' &&
    body.errors.length > 0 &&
    body.errors.every((e) => /^Trường "[^"]+" chứa ký tự không hợp lệ\.$/.test(e.message) && looksVietnamese(e.message))
  );
};

const fx = { departmentId: 0, processId: 0, stepId: 0, requestTypeId: 0, customerId: 0, workId: 0, userId: 0 };
let ipSeq = 0;
const freshIp = () => {
  ipSeq += 1;
  return `198.51.100.${ipSeq}`;
};

async function created(url: string, payload: Record<string, unknown>): Promise<{ id: number; [k: string]: unknown }> {
  const res = await t.call({ method: 'POST', url, token: t.adminToken, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** An id that exists for each resource, so every `:id` names a real record. */
const idFor = (url: string) => {
  const resource = url.split('/')[2];
  const ids: Record<string, number> = {
    users: fx.userId,
    roles: 1,
    departments: fx.departmentId,
    customers: fx.customerId,
    processes: fx.processId,
    'process-steps': fx.stepId,
    'request-types': fx.requestTypeId,
    works: fx.workId,
  };
  return ids[resource ?? ''] ?? 1;
};
const concrete = (url: string) => url.replace(':id', String(idFor(url))).replace(':token', 'x');

const writeRoutes = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
const listRoutes = t.app.routeTable.filter(
  (r) => r.method === 'GET' && operation(r.method, r.url)?.parameters?.some((p) => p.in === 'query' && p.name === 'search'),
);

beforeAll(async () => {
  const dep = await created('/api/departments', { code: uniq('KT'), name: 'Phòng Kỹ thuật' });
  fx.departmentId = dep.id;
  const proc = await created('/api/processes', {
    code: uniq('QT'),
    name: 'Quy trình quan trắc',
    steps: [{ name: 'Lấy mẫu', department_id: dep.id, duration_hours: 8, produces_result: true }],
  });
  fx.processId = proc.id;
  const steps = (await t.call({ method: 'GET', url: `/api/processes/${proc.id}/steps`, token: t.adminToken })).json();
  fx.stepId = (Array.isArray(steps) ? steps : steps.data)[0].id;
  fx.requestTypeId = (
    await created('/api/request-types', { code: uniq('LY'), name: 'Quan trắc nước thải', process_id: proc.id, is_public: true })
  ).id;
  fx.customerId = (await created('/api/customers', { type: 'organization', name: 'Công ty Sông Đà' })).id;
  fx.workId = (await created('/api/works', { title: 'Lấy mẫu nước thải' })).id;
  fx.userId = (await t.userWith([])).id;
});
afterAll(() => t.close());

describe('the routes under test', () => {
  it('are every write route and every list that takes a search', () => {
    const names = writeRoutes.map((r) => `${r.method} ${r.url}`);
    for (const name of [
      'POST /api/auth/login',
      'PUT /api/profile/partial',
      'PUT /api/process-steps/:id',
      'POST /api/works/:id/comments',
      'POST /api/public/requests',
      'POST /api/public/requests/lookup',
    ]) {
      expect(names).toContain(name);
    }
    expect(writeRoutes.length).toBeGreaterThan(30);
    const lists = listRoutes.map((r) => r.url);
    for (const url of ['/api/users', '/api/requests', '/api/works', '/api/works/my', '/api/customers', '/api/audit-logs']) {
      expect(lists).toContain(url);
    }
  });
});

describe.each(writeRoutes)('$method $url with U+0000 in every string of its body', (r) => {
  it('is refused with 422 on the fields, never a 5xx', async () => {
    const op = operation(r.method, r.url);
    const schema = op?.requestBody?.content['application/json']?.schema;
    let payload = schema ? hostile(schema) : { text: NUL };
    // A body of numbers only gets one more (unknown) field with a NUL: it is refused all the same.
    if (!JSON.stringify(payload).includes('\\u0000')) payload = { ...(payload as object), note: NUL };
    // Sign-out would end the token it runs with: it gets one of its own.
    const token = r.url === '/api/auth/logout' ? await t.login('admin', 'Admin@12345') : t.adminToken;
    const res = await t.call({
      method: r.method as 'POST',
      url: concrete(r.url),
      token: r.access === 'public' ? null : token,
      payload: payload as Record<string, unknown>,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (r.url === '/api/public/requests/lookup') {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: LOOKUP_MISS_MESSAGE, errors: [], error_code: 'NOT_FOUND' });
    } else {
      expect(isControlCharRefusal(res), `${r.method} ${r.url} → ${res.statusCode} ${res.body}`).toBe(true);
    }
  });
});

describe.each(listRoutes)('GET $url?search= with control characters', (r) => {
  it('answers 200: the search drops them', async () => {
    for (const search of ['a%00b', '%00', '%01%7F%1F', 'nguy%00en%0B']) {
      // The history list names the record it is about.
      const required = r.url === '/api/audit-logs' ? `&entity=users&entity_id=${fx.userId}` : '';
      const res = await t.call({ method: 'GET', url: `${concrete(r.url)}?search=${search}${required}`, token: t.adminToken });
      expect(res.statusCode, `${r.url}?search=${search} → ${res.body}`).toBe(200);
    }
  });
});

describe('named cases', () => {
  it('sign-in: a NUL in the user name or password is a 422 on that field, not a 500', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: NUL, password: 'sai-mat-khau' },
      remoteAddress: freshIp(),
    });
    const body = expectError(res, 422, 'VALIDATION_FAILED', 'username');
    expect(body).toEqual({
      message: 'Trường "username" chứa ký tự không hợp lệ.',
      errors: [{ field: 'username', message: 'Trường "username" chứa ký tự không hợp lệ.' }],
      error_code: 'VALIDATION_FAILED',
    });
    const pw = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: `Admin@12345\u0000` },
      remoteAddress: freshIp(),
    });
    expectError(pw, 422, 'VALIDATION_FAILED', 'password');
    // A tab or a line break is no control character to refuse: a wrong password like any other.
    const tab = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'sai\tmat\nkhau' },
      remoteAddress: freshIp(),
    });
    expectError(tab, 422, 'INVALID_CREDENTIALS');
  });

  it('the public lookup answers a NUL in the code or the mobile exactly like any other miss', async () => {
    const mobile = '0912000111';
    const submitted = await t.call({
      method: 'POST',
      url: '/api/public/requests',
      payload: {
        request_type_id: fx.requestTypeId,
        name: 'Nguyễn Văn An',
        mobile,
        title: 'Quan trắc khí thải',
        content: 'Đề nghị quan trắc.',
        consent: true,
      },
      remoteAddress: freshIp(),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const code = submitted.json().code as string;
    const lookup = (tracking_code: string, m: string) =>
      t.call({
        method: 'POST',
        url: '/api/public/requests/lookup',
        payload: { tracking_code, mobile: m },
        remoteAddress: freshIp(),
      });
    expect((await lookup(code, mobile)).statusCode).toBe(200);
    const miss = await lookup('YC0000-0001-ABCDEFGH', mobile);
    expect(miss.statusCode).toBe(404);
    for (const [c, m] of [
      [`${code}\u0000`, mobile],
      [`\u0000${code}`, mobile],
      [code.replace('-', '\u0000-'), mobile],
      ['\u0000', mobile],
      [code, `${mobile}\u0000`],
      [`${code}\u0001`, `\u0000${mobile}`],
    ] as const) {
      const res = await lookup(c, m);
      expect(res.statusCode, res.body).toBe(miss.statusCode);
      expect(res.body).toBe(miss.body);
      expect(res.headers['content-type']).toBe(miss.headers['content-type']);
    }
  });

  it('a public request: a NUL in a JSON field is a 422 on it; line breaks and tabs in the content are kept', async () => {
    const base = {
      request_type_id: fx.requestTypeId,
      name: 'Trần Thị Lan',
      mobile: '0912000222',
      title: 'Quan trắc nước thải',
      content: 'Dòng một\nDòng hai\r\n\tthụt lề',
      consent: true,
    };
    const before = await t.database.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await t.call({
      method: 'POST',
      url: '/api/public/requests',
      payload: { ...base, content: `Nội dung ${NUL}` },
      remoteAddress: freshIp(),
    });
    expect(expectError(refused, 422, 'VALIDATION_FAILED', 'content').message).toBe('Trường "content" chứa ký tự không hợp lệ.');
    const honeypot = await t.call({
      method: 'POST',
      url: '/api/public/requests',
      payload: { ...base, website: NUL },
      remoteAddress: freshIp(),
    });
    expectError(honeypot, 422, 'VALIDATION_FAILED', 'website');
    const after = await t.database.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const ok = await t.call({ method: 'POST', url: '/api/public/requests', payload: base, remoteAddress: freshIp() });
    expect(ok.statusCode, ok.body).toBe(201);
    const row = await t.database.db
      .selectFrom('requests')
      .select('content')
      .where('tracking_code', '=', ok.json().code)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe('Dòng một\nDòng hai\r\n\tthụt lề');
  });

  it('a multipart public request with a NUL in a field is refused 422, storing no row and no file', async () => {
    const uploads = `${t.config.dataDir}/uploads`;
    const filesBefore = filesUnder(uploads).length;
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const documents = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('documents')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [rowsBefore, docsBefore] = [await count(), await documents()];
    const form = multipart([
      { name: 'request_type_id', value: String(fx.requestTypeId) },
      { name: 'name', value: 'Lê Văn Bình' },
      { name: 'mobile', value: '0912000333' },
      { name: 'title', value: `Tiêu đề ${NUL}` },
      { name: 'content', value: 'Nội dung' },
      { name: 'consent', value: 'true' },
      { name: 'files[]', filename: 'mau.pdf', data: SAMPLES.pdf, contentType: 'application/pdf' },
    ]);
    const res = await t.call({
      method: 'POST',
      url: '/api/public/requests',
      payload: form.payload,
      headers: form.headers,
      remoteAddress: freshIp(),
    });
    expect(expectError(res, 422, 'VALIDATION_FAILED', 'title').message).toBe('Trường "title" chứa ký tự không hợp lệ.');
    expect(await count()).toBe(rowsBefore);
    expect(await documents()).toBe(docsBefore);
    // The received file is deleted once the answer has gone (the multipart plugin's onResponse hook).
    for (let i = 0; i < 50 && filesUnder(uploads).length !== filesBefore; i++) await new Promise((r) => setTimeout(r, 20));
    expect(filesUnder(uploads).length).toBe(filesBefore);

    // A NUL in a bracketed field name is refused the same way.
    const named = multipart([
      { name: 'request_type_id', value: String(fx.requestTypeId) },
      { name: `items[0][a\u0000b]`, value: 'x' },
    ]);
    const res2 = await t.call({
      method: 'POST',
      url: '/api/public/requests',
      payload: named.payload,
      headers: named.headers,
      remoteAddress: freshIp(),
    });
    expect(res2.statusCode, res2.body).toBe(422);
  });

  it('PUT /api/profile/partial: a NUL in the value is a 422 on value', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/profile/partial',
      token: t.adminToken,
      payload: { column: 'address', value: `Số 1 ${NUL}` },
    });
    expect(expectError(res, 422, 'VALIDATION_FAILED', 'value').message).toBe('Trường "value" chứa ký tự không hợp lệ.');
    const ok = await t.call({
      method: 'PUT',
      url: '/api/profile/partial',
      token: t.adminToken,
      payload: { column: 'address', value: 'Số 1 Tràng Tiền' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('PUT /api/process-steps/:id: a NUL in the name is a 422 on name; a multi-line description is kept', async () => {
    const step = (await t.call({ method: 'GET', url: `/api/process-steps/${fx.stepId}`, token: t.adminToken })).json();
    const body = {
      name: step.name,
      department_id: step.department_id,
      duration_hours: step.duration_hours,
      version: step.version,
    };
    const res = await t.call({
      method: 'PUT',
      url: `/api/process-steps/${fx.stepId}`,
      token: t.adminToken,
      payload: { ...body, name: NUL },
    });
    expect(expectError(res, 422, 'VALIDATION_FAILED', 'name').message).toBe('Trường "name" chứa ký tự không hợp lệ.');
    const ok = await t.call({
      method: 'PUT',
      url: `/api/process-steps/${fx.stepId}`,
      token: t.adminToken,
      payload: { ...body, description: 'Bước 1: lấy mẫu\nBước 2: bảo quản\tlạnh' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().description).toBe('Bước 1: lấy mẫu\nBước 2: bảo quản\tlạnh');
  });

  it('POST /api/works/:id/comments: a NUL in the comment is a 422 on body', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/works/${fx.workId}/comments`,
      token: t.adminToken,
      payload: { body: `Đã lấy mẫu ${NUL}` },
    });
    expect(expectError(res, 422, 'VALIDATION_FAILED', 'body').message).toBe('Trường "body" chứa ký tự không hợp lệ.');
  });

  it('names nested fields by their dotted path, and refuses a control character in a key', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/processes',
      token: t.adminToken,
      payload: {
        code: uniq('QT'),
        name: 'Quy trình',
        steps: [
          { name: 'Một', department_id: fx.departmentId, duration_hours: 1 },
          { name: `Hai\u007F`, department_id: fx.departmentId, duration_hours: 1 },
        ],
      },
    });
    expect(expectError(res, 422, 'VALIDATION_FAILED', 'steps.1.name').errors).toEqual([
      { field: 'steps.1.name', message: 'Trường "steps.1.name" chứa ký tự không hợp lệ.' },
    ]);
    const key = await t.call({
      method: 'POST',
      url: '/api/departments',
      token: t.adminToken,
      payload: { code: uniq('PB'), name: 'Phòng', 'x\u0000y': 1 },
    });
    expectError(key, 422, 'VALIDATION_FAILED', 'xy');
  });

  it('a control character in another query parameter or in the path is a 422 on it', async () => {
    const status = await t.call({ method: 'GET', url: '/api/requests?status=new%00', token: t.adminToken });
    expectError(status, 422, 'VALIDATION_FAILED', 'status');
    const path = await t.call({ method: 'GET', url: '/api/users/1%00', token: t.adminToken });
    expectError(path, 422, 'VALIDATION_FAILED', 'id');
  });

  it('the search still finds what the text without its control characters finds', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users?search=adm%00in', token: t.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((u: { username: string }) => u.username)).toContain('admin');
  });

  it('a deeply nested body is checked without overflowing the stack', async () => {
    const deep = `${'['.repeat(20_000)}"a\\u0000b"${']'.repeat(20_000)}`;
    const res = await t.call({
      method: 'POST',
      url: '/api/departments',
      token: t.adminToken,
      payload: `{"code":"X","name":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  });
});
