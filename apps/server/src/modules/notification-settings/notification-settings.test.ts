import { NOTIFICATION_EVENTS } from '@qlcv/common/schemas/notification-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepartment, createRole, expectError, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { ensureNotificationSettings } from './ensure-notification-settings';

interface Setting {
  id: number;
  event: string;
  event_label: string;
  active: boolean;
  channels: string[];
  recipients: { roles: number[]; departments: number[]; users: number[]; dynamic: string[] };
  recipient_names: { roles: { id: number; name: string }[]; departments: { id: number; name: string }[]; users: unknown[] };
  title_template: string;
  body_template: string;
  version: number;
}

describe('notification settings', () => {
  let t: TestApp;
  let viewer: { id: number; token: string };
  let editor: { id: number; token: string };
  let byEvent: Map<string, Setting>;

  const url = '/api/notification-settings';
  const list = async (query = '', token = t.adminToken) => t.call({ method: 'GET', url: `${url}?${query}`, token });
  const editable = (s: Setting) => ({
    event: s.event,
    active: s.active,
    channels: s.channels,
    recipients: s.recipients,
    title_template: s.title_template,
    body_template: s.body_template,
    version: s.version,
  });

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await t.userWith(['setting_notifications.index', 'setting_notifications.show']);
    editor = await t.userWith(['setting_notifications.index', 'setting_notifications.edit', 'setting_notifications.create']);
    const all = (await list('per_page=all')).json().data as Setting[];
    byEvent = new Map(all.map((s) => [s.event, s]));
  });
  afterAll(() => t.close());

  describe('defaults', () => {
    it('has one active Vietnamese setting per event of the catalogue, in its order', async () => {
      const res = await list('per_page=100');
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: Setting[]; meta: { total: number } };
      expect(body.meta.total).toBe(NOTIFICATION_EVENTS.length);
      expect(body.data.map((s) => s.event)).toEqual([...NOTIFICATION_EVENTS]);
      for (const s of body.data) {
        expect(s.active).toBe(true);
        expect(s.channels.length).toBeGreaterThan(0);
        expect(looksVietnamese(s.event_label), s.event_label).toBe(true);
        expect(looksVietnamese(`${s.title_template} ${s.body_template}`), s.event).toBe(true);
      }
      const assigned = byEvent.get('work.assigned');
      expect(assigned?.recipients.dynamic).toEqual(['assignee']);
      expect(assigned?.channels).toContain('in_app');
    });

    it('are made once: a second start adds nothing', async () => {
      expect(await ensureNotificationSettings(t.database.db)).toBe(0);
      expect((await list()).json().meta.total).toBe(NOTIFICATION_EVENTS.length);
    });
  });

  describe('list', () => {
    it('filters by event, by active and searches the labels without accents', async () => {
      const one = await list('event=work.overdue');
      expect(one.json().data.map((s: Setting) => s.event)).toEqual(['work.overdue']);
      expect((await list('active=false')).json().meta.total).toBe(0);
      const search = await list('search=qua han');
      const events = search.json().data.map((s: Setting) => s.event);
      expect(events).toContain('work.overdue');
      expect(events).not.toContain('request.created');
    });

    it('pages and sorts', async () => {
      const page2 = (await list('per_page=5&page=2')).json();
      expect(page2.data).toHaveLength(5);
      expect(page2.meta).toEqual({
        current_page: 2,
        per_page: 5,
        total: NOTIFICATION_EVENTS.length,
        last_page: Math.ceil(NOTIFICATION_EVENTS.length / 5),
      });
      const desc = (await list('sort=-event&per_page=1')).json().data[0].event;
      expect(desc).toBe(NOTIFICATION_EVENTS.at(-1));
      expectError(await list('sort=password'), 422, 'VALIDATION_FAILED', 'sort');
      expectError(await list('active=maybe'), 422, 'VALIDATION_FAILED', 'active');
      expectError(await list('event=work.nothing'), 422, 'VALIDATION_FAILED', 'event');
    });
  });

  describe('show', () => {
    it('returns one setting with the names of the recipients it names', async () => {
      const s = byEvent.get('request.created') as Setting;
      const res = await t.call({ method: 'GET', url: `${url}/${s.id}`, token: viewer.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: s.id, event: 'request.created', event_label: 'Yêu cầu mới' });
    });

    it('answers 404 for an unknown id', async () => {
      expectError(await t.call({ method: 'GET', url: `${url}/999999`, token: viewer.token }), 404, 'NOT_FOUND');
    });
  });

  describe('update', () => {
    it('saves channels, recipients and templates, writes history and bumps the version', async () => {
      const role = await createRole(t, { code: 'truong_phong', name: 'Trưởng phòng' });
      const dep = await createDepartment(t, { code: 'QT', name: 'Phòng Quan trắc' });
      const s = byEvent.get('work.assigned') as Setting;
      const res = await t.call({
        method: 'PUT',
        url: `${url}/${s.id}`,
        token: editor.token,
        payload: {
          ...editable(s),
          channels: ['in_app', 'email', 'sms'],
          recipients: { roles: [role.id], departments: [dep.id], users: [], dynamic: ['assignee', 'creator'] },
          title_template: 'Việc mới {{ work.code }}',
          body_template: '{{actor.name}} giao "{{work.title}}" cho {{recipient.name}}, hạn {{work.deadline}}.',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as Setting;
      expect(after.version).toBe(s.version + 1);
      expect(after.channels).toEqual(['in_app', 'email', 'sms']);
      expect(after.recipient_names.roles).toEqual([{ id: role.id, name: 'Trưởng phòng' }]);
      expect(after.recipient_names.departments).toEqual([{ id: dep.id, name: 'Phòng Quan trắc' }]);
      // The setting's page reads its history through the audit-log API.
      const history = await t.call({
        method: 'GET',
        url: `/api/audit-logs?entity=notification_settings&entity_id=${s.id}`,
        token: editor.token,
      });
      expect(history.statusCode, history.body).toBe(200);
      const entries = history.json().data as { action: string; changes: Record<string, unknown> }[];
      expect(entries[0]?.action).toBe('update');
      expect(entries[0]?.changes).toHaveProperty('title_template');
      byEvent.set(after.event, after);
    });

    it('refuses a stale version with 409 and keeps the other edit', async () => {
      const s = byEvent.get('work.assigned') as Setting;
      const stale = { ...editable(s), version: s.version - 1, title_template: 'Cũ {{work.code}}' };
      expectError(await t.call({ method: 'PUT', url: `${url}/${s.id}`, token: editor.token, payload: stale }), 409, 'CONFLICT');
      const now = (await t.call({ method: 'GET', url: `${url}/${s.id}`, token: t.adminToken })).json();
      expect(now.title_template).toBe('Việc mới {{ work.code }}');
    });

    it('checks the templates: each unknown placeholder and each broken brace is a Vietnamese problem of its field', async () => {
      const s = byEvent.get('request.created') as Setting;
      const res = await t.call({
        method: 'PUT',
        url: `${url}/${s.id}`,
        token: editor.token,
        payload: {
          ...editable(s),
          title_template: 'Yêu cầu {{request.code}} của {{khach.ten}}',
          body_template: 'Nội dung {{work.title}} và {{request.title} rồi {{ }} và }} lẻ',
        },
      });
      const body = expectError(res, 422, 'VALIDATION_FAILED', 'title_template');
      const messages = body.errors.map((e) => `${e.field}: ${e.message}`);
      expect(messages).toContain('title_template: Biến {{khach.ten}} không có trong sự kiện này.');
      expect(messages).toContain('body_template: Biến {{work.title}} không có trong sự kiện này.');
      expect(messages.some((m) => m.startsWith('body_template: Có "{{" chưa được đóng'))).toBe(true);
      expect(messages.some((m) => m.startsWith('body_template: Có cặp {{ }} trống'))).toBe(true);
      expect(messages.some((m) => m.startsWith('body_template: Có "}}" không có'))).toBe(true);
      for (const e of body.errors) expect(looksVietnamese(e.message)).toBe(true);
    });

    it('refuses no channel, no recipient, a recipient kind the event has not and a missing role', async () => {
      const s = byEvent.get('request.created') as Setting;
      const put = (patch: Record<string, unknown>) =>
        t.call({ method: 'PUT', url: `${url}/${s.id}`, token: editor.token, payload: { ...editable(s), ...patch } });
      expectError(await put({ channels: [] }), 422, 'VALIDATION_FAILED', 'channels');
      expectError(await put({ channels: ['fax'] }), 422, 'VALIDATION_FAILED', 'channels.0');
      expectError(
        await put({ recipients: { roles: [], departments: [], users: [], dynamic: [] } }),
        422,
        'VALIDATION_FAILED',
        'recipients',
      );
      expectError(
        await put({ recipients: { roles: [], departments: [], users: [], dynamic: ['assignee'] } }),
        422,
        'VALIDATION_FAILED',
        'recipients.dynamic',
      );
      expectError(
        await put({ recipients: { roles: [987654], departments: [], users: [], dynamic: [] } }),
        422,
        'VALIDATION_FAILED',
        'recipients.roles',
      );
      expectError(await put({ version: undefined }), 422, 'VALIDATION_FAILED', 'version');
    });

    it('answers 404 for an unknown id', async () => {
      const s = byEvent.get('request.created') as Setting;
      expectError(
        await t.call({ method: 'PUT', url: `${url}/999999`, token: editor.token, payload: editable(s) }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('delete and create', () => {
    it('deletes a setting, then one may be created again for its event, once', async () => {
      const s = byEvent.get('contract.expiring') as Setting;
      expect((await t.call({ method: 'DELETE', url: `${url}/${s.id}`, token: editor.token })).statusCode).toBe(204);
      expectError(await t.call({ method: 'GET', url: `${url}/${s.id}`, token: t.adminToken }), 404, 'NOT_FOUND');
      expectError(await t.call({ method: 'DELETE', url: `${url}/${s.id}`, token: editor.token }), 404, 'NOT_FOUND');

      const payload = {
        event: 'contract.expiring',
        active: false,
        channels: ['email'],
        recipients: { roles: [], departments: [], users: [editor.id], dynamic: ['creator'] },
        title_template: 'Hợp đồng {{contract.code}} sắp hết hạn',
        body_template: 'Còn {{contract.days_left}} ngày.',
      };
      const created = await t.call({ method: 'POST', url, token: editor.token, payload });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ event: 'contract.expiring', active: false, version: 1 });
      expect(created.json().recipient_names.users).toHaveLength(1);
      const again = await t.call({ method: 'POST', url, token: editor.token, payload });
      const err = expectError(again, 422, 'VALIDATION_FAILED', 'event');
      expect(err.message).toContain('Hợp đồng sắp hết hạn');
    });

    it('refuses an unknown event', async () => {
      const res = await t.call({
        method: 'POST',
        url,
        token: editor.token,
        payload: { event: 'x.y', channels: ['in_app'], recipients: { dynamic: [] }, title_template: 'a', body_template: 'b' },
      });
      expectError(res, 422, 'VALIDATION_FAILED', 'event');
    });
  });

  describe('preview', () => {
    it('renders the templates with the sample values of the event and lists the problems', async () => {
      const res = await t.call({
        method: 'POST',
        url: `${url}/preview`,
        token: viewer.token,
        payload: {
          event: 'work.assigned',
          title_template: 'Việc {{work.code}} cho {{recipient.name}}',
          body_template: 'Hạn {{work.deadline}} {{khong.co}}',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        title: 'Việc CV2611-0042 cho Trần Thị Bình',
        body: 'Hạn 28/11/2026 17:00 ',
        problems: [{ field: 'body_template', message: 'Biến {{khong.co}} không có trong sự kiện này.' }],
      });
      expectError(
        await t.call({ method: 'POST', url: `${url}/preview`, token: viewer.token, payload: { event: 'nope' } }),
        422,
        'VALIDATION_FAILED',
        'event',
      );
    });
  });

  describe('preview of names that are not placeholders (issue 21, part 5)', () => {
    it("renders an object's built-in names (constructor, toString, __proto__…) as nothing, and reports them as the save does", async () => {
      const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];
      const title = `Tiêu đề ${names.map((n) => `{{${n}}}`).join(' ')}`;
      const body = `Nội dung {{ constructor }}|{{toString}}|{{__proto__}}|{{work.code}}`;
      const res = await t.call({
        method: 'POST',
        url: `${url}/preview`,
        token: viewer.token,
        payload: { event: 'work.assigned', title_template: title, body_template: body },
      });
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json() as { title: string; body: string; problems: { field: string; message: string }[] };
      expect(preview.title).toBe(`Tiêu đề ${' '.repeat(names.length - 1)}`);
      expect(preview.body).toBe('Nội dung |||CV2611-0042');
      for (const text of [preview.title, preview.body]) {
        expect(text).not.toMatch(/function|native code|\[object/);
      }
      // The same problems, field by field, as the save's 422.
      const s = byEvent.get('work.assigned') as Setting;
      const save = await t.call({
        method: 'PUT',
        url: `${url}/${s.id}`,
        token: editor.token,
        payload: { ...editable(s), title_template: title, body_template: body },
      });
      const refused = expectError(save, 422, 'VALIDATION_FAILED', 'title_template');
      expect(preview.problems).toEqual(refused.errors.map((e) => ({ field: e.field, message: e.message })));
      expect(preview.problems.map((p) => p.message)).toContain('Biến {{constructor}} không có trong sự kiện này.');
      expect(preview.problems.map((p) => p.message)).toContain('Biến {{__proto__}} không có trong sự kiện này.');
    });
  });

  describe("each event's record code and link (issue 21, part 10)", () => {
    it("previews a leave's code and link with samples of a leave", async () => {
      const res = await t.call({
        method: 'POST',
        url: `${url}/preview`,
        token: viewer.token,
        payload: { event: 'leave.submitted', title_template: 'Đơn {{leave.code}} chờ duyệt', body_template: 'Mở {{link}}' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ title: 'Đơn NP2611-0003 chờ duyệt', body: 'Mở /admin/leaves/3', problems: [] });
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 without the keys', async () => {
      const s = byEvent.get('request.created') as Setting;
      const nobody = await t.userWith(['users.index']);
      const calls = [
        { method: 'GET' as const, url },
        { method: 'GET' as const, url: `${url}/${s.id}` },
        { method: 'POST' as const, url, payload: {} },
        { method: 'PUT' as const, url: `${url}/${s.id}`, payload: {} },
        { method: 'DELETE' as const, url: `${url}/${s.id}` },
        { method: 'POST' as const, url: `${url}/preview`, payload: {} },
      ];
      for (const c of calls) {
        expectError(await t.call({ ...c, token: null }), 401, 'UNAUTHENTICATED');
        expectError(await t.call({ ...c, token: nobody.token }), 403, 'FORBIDDEN');
      }
      // Viewing is not editing.
      expectError(
        await t.call({ method: 'PUT', url: `${url}/${s.id}`, token: viewer.token, payload: editable(s) }),
        403,
        'FORBIDDEN',
      );
      expectError(await t.call({ method: 'DELETE', url: `${url}/${s.id}`, token: viewer.token }), 403, 'FORBIDDEN');
    });
  });
});
