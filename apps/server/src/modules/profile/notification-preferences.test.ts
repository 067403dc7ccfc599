import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

interface Prefs {
  events: { event: string; event_label: string; group: string; channels: { channel: string; enabled: boolean }[] }[];
}

describe('notification preferences (profile)', () => {
  let t: TestApp;
  let me: { id: number; token: string };
  const url = '/api/profile/notification-preferences';
  const read = async (token = me.token) => {
    const res = await t.call({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Prefs;
  };
  const put = (preferences: unknown, token = me.token) => t.call({ method: 'PUT', url, token, payload: { preferences } });

  beforeAll(async () => {
    t = await createTestApp();
    me = await t.userWith([]);
  });
  afterAll(() => t.close());

  it('shows every active event with the channels its setting uses, all on at first', async () => {
    const prefs = await read();
    const assigned = prefs.events.find((e) => e.event === 'work.assigned');
    expect(assigned).toEqual({
      event: 'work.assigned',
      event_label: 'Được giao công việc',
      group: 'work',
      channels: [
        { channel: 'in_app', enabled: true },
        { channel: 'email', enabled: true },
      ],
    });
    expect(prefs.events.find((e) => e.event === 'request.received')?.channels).toEqual([{ channel: 'sms', enabled: true }]);
  });

  it('turns a channel off and on again for oneself only', async () => {
    const off = await put([
      { event: 'work.assigned', channel: 'email', enabled: false },
      { event: 'work.overdue', channel: 'in_app', enabled: false },
    ]);
    expect(off.statusCode, off.body).toBe(200);
    const after = off.json() as Prefs;
    expect(after.events.find((e) => e.event === 'work.assigned')?.channels).toEqual([
      { channel: 'in_app', enabled: true },
      { channel: 'email', enabled: false },
    ]);
    const other = await t.userWith([]);
    expect((await read(other.token)).events.find((e) => e.event === 'work.assigned')?.channels[1]?.enabled).toBe(true);
    const on = await put([{ event: 'work.assigned', channel: 'email', enabled: true }]);
    expect((on.json() as Prefs).events.find((e) => e.event === 'work.assigned')?.channels[1]?.enabled).toBe(true);
    const rows = await t.database.db.selectFrom('notification_preferences').selectAll().where('user_id', '=', me.id).execute();
    expect(rows.map((r) => `${r.event}:${r.channel}:${r.enabled}`).sort()).toEqual([
      'work.assigned:email:1',
      'work.overdue:in_app:0',
    ]);
  });

  it('refuses an event it does not know and a channel the event does not use', async () => {
    expectError(
      await put([{ event: 'work.nothing', channel: 'email', enabled: false }]),
      422,
      'VALIDATION_FAILED',
      'preferences.0.event',
    );
    const body = expectError(
      await put([
        { event: 'work.assigned', channel: 'in_app', enabled: false },
        { event: 'work.assigned', channel: 'zalo', enabled: false },
      ]),
      422,
      'VALIDATION_FAILED',
      'preferences.1.channel',
    );
    expect(body.message).toContain('Được giao công việc');
    expectError(await put([{ event: 'work.assigned', channel: 'fax', enabled: false }]), 422, 'VALIDATION_FAILED');
    expectError(await put([{ event: 'work.assigned', channel: 'email', enabled: 'no' }]), 422, 'VALIDATION_FAILED');
    // Nothing of a refused call was saved.
    expect((await read()).events.find((e) => e.event === 'work.assigned')?.channels[0]?.enabled).toBe(true);
  });

  it('hides the events whose setting is off', async () => {
    const s = (await t.call({ method: 'GET', url: '/api/notification-settings?event=work.due_soon', token: t.adminToken })).json()
      .data[0];
    const res = await t.call({
      method: 'PUT',
      url: `/api/notification-settings/${s.id}`,
      token: t.adminToken,
      payload: {
        event: s.event,
        active: false,
        channels: s.channels,
        recipients: s.recipients,
        title_template: s.title_template,
        body_template: s.body_template,
        version: s.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).events.map((e) => e.event)).not.toContain('work.due_soon');
  });

  it('answers 401 without a sign-in', async () => {
    expectError(await t.call({ method: 'GET', url, token: null }), 401, 'UNAUTHENTICATED');
    expectError(await t.call({ method: 'PUT', url, token: null, payload: { preferences: [] } }), 401, 'UNAUTHENTICATED');
  });
});
