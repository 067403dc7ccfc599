import { PERMISSION_KEYS } from '@qlcv/common/permissions';
import { describe, expect, it } from 'vitest';
import { buildMenu, menuRouteFor } from '@/app/menu';
import { ROUTE_PAGES } from '@/app/route-pages';
import { MENU_ROUTES, ROUTES, type RouteViewer, routeAllows, routeByName, routeTrail, urlFor } from './routes';

const keysOf = (name: string) => routeByName(name).permissions ?? [];

describe('the route table (seed §2, §6)', () => {
  it('has unique names and paths, known parents, known keys', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const r of ROUTES) {
      if (r.parent) expect(() => routeByName(r.parent!), r.name).not.toThrow();
      for (const key of r.permissions ?? []) expect(PERMISSION_KEYS, `${r.name}: ${key}`).toContain(key);
      if (r.redirect) expect(() => routeByName(r.redirect!)).not.toThrow();
    }
  });

  it('binds pages to known route names; every route outside the admin area has its own page', () => {
    for (const name of Object.keys(ROUTE_PAGES)) expect(() => routeByName(name), name).not.toThrow();
    for (const r of ROUTES.filter((r) => r.layout !== 'admin' && !r.redirect))
      expect(ROUTE_PAGES[r.name], r.name).toBeTypeOf('function');
    for (const name of ['users.index', 'requests.show', 'works.my_work', 'customers.edit', 'process_steps.edit']) {
      expect(ROUTE_PAGES[name], name).toBeTypeOf('function');
    }
  });

  it('names the seed routes at their paths', () => {
    const expected: Record<string, string> = {
      root: '/',
      'auth.login': '/auth/login',
      'auth.forgot': '/auth/forgot',
      'auth.reset': '/auth/reset',
      'public.requests.index': '/yeu-cau',
      'public.requests.result': '/yeu-cau/ket-qua',
      'dashboard.index': '/admin',
      'users.index': '/admin/users',
      'users.create': '/admin/users/create',
      'users.show': '/admin/users/:id',
      'users.edit': '/admin/users/:id/edit',
      'roles.edit': '/admin/roles/:id/edit',
      'departments.show': '/admin/departments/:id',
      'personal.profile': '/admin/personal',
      'process_steps.create': '/admin/processes/:id/steps/create',
      'process_steps.edit': '/admin/processes/steps/:id/edit',
      'requests.request_types': '/admin/requests/request-types',
      'request_types.index': '/admin/request-types',
      'works.index': '/admin/works',
      'works.my_work': '/admin/works/my-works',
      'works.create': '/admin/works/create',
      'works.show': '/admin/works/:id',
      'kpi_types.index': '/admin/kpi-types',
      'evaluations.edit': '/admin/evaluations/:id/edit',
      'settings.company.index': '/admin/settings/company',
      'settings.zalo.index': '/admin/settings/zalo',
      'settings.units.index': '/admin/settings/units',
      'settings.units.create': '/admin/settings/units/create',
      'settings.units.edit': '/admin/settings/units/:id/edit',
      'setting_notifications.show': '/admin/settings/notifications/:id',
      'master_data.index': '/admin/settings/master-data',
      'master_data.edit': '/admin/settings/master-data/:id/edit',
      'contract_templates.index': '/admin/settings/contract-template',
      'notifications.index': '/admin/notifications',
      'contracts.edit': '/admin/contracts/:id/edit',
      'leaves.create_for_employee': '/admin/leaves/create-for-employee',
      'timekeeping.index': '/admin/timekeeping',
      'customers.show': '/admin/customers/:id',
      'monitoring.parameters.index': '/admin/monitoring/parameters',
      'monitoring.parameters.create': '/admin/monitoring/parameters/create',
      'monitoring.parameters.edit': '/admin/monitoring/parameters/:id/edit',
      'monitoring.sites.index': '/admin/monitoring/sites',
      'monitoring.sites.create': '/admin/monitoring/sites/create',
      'monitoring.sites.show': '/admin/monitoring/sites/:id',
      'monitoring.sites.edit': '/admin/monitoring/sites/:id/edit',
      'regulations.index': '/admin/regulations',
      'regulations.create': '/admin/regulations/create',
      'regulations.show': '/admin/regulations/:id',
      'regulations.edit': '/admin/regulations/:id/edit',
      'monitoring.analyses.index': '/admin/monitoring/analyses',
      'monitoring.analyses.worksheet': '/admin/monitoring/analyses/worksheet',
      'monitoring.analyses.show': '/admin/monitoring/analyses/:id',
      'user_evaluations.index': '/admin/user-evaluations',
      error: '/error',
      'error.403': '/403',
      'error.404': '/404',
      not_found: '*',
    };
    for (const [name, path] of Object.entries(expected)) expect(routeByName(name).path, name).toBe(path);
  });

  it('carries the keys of seed §6 (any-of)', () => {
    expect(keysOf('roles.index')).toEqual(['roles.index']);
    expect(keysOf('users.edit')).toEqual(['users.edit']);
    expect(keysOf('process_steps.create')).toEqual(['processes.edit']);
    expect(keysOf('process_steps.edit')).toEqual(['processes.edit']);
    expect(keysOf('works.index')).toEqual(['works.department', 'works.all']);
    expect(keysOf('works.create')).toEqual(['works.create']);
    expect(keysOf('works.show')).toEqual(['works.show']);
    expect(keysOf('settings.company.index')).toEqual(['settings.edit']);
    expect(keysOf('settings.zalo.index')).toEqual(['settings.edit']);
    expect(keysOf('settings.units.edit')).toEqual(['settings.edit']);
    expect(keysOf('setting_notifications.create')).toEqual(['setting_notifications.create']);
    expect(keysOf('contracts.edit')).toEqual(['contracts.show']);
    expect(keysOf('leaves.create_for_employee')).toEqual(['leaves.department']);
    expect(keysOf('leaves.edit')).toEqual(['leaves.edit', 'leaves.departments', 'leaves.all']);
    expect(keysOf('timekeeping.index')).toEqual(['leaves.index', 'attendance.index']);
    expect(keysOf('customers.create')).toEqual(['customer.create']);
    expect(keysOf('user_evaluations.show')).toEqual(['user_evaluations.show']);
    expect(keysOf('monitoring.parameters.index')).toEqual(['monitoring.index']);
    expect(keysOf('monitoring.parameters.create')).toEqual(['monitoring.create']);
    expect(keysOf('monitoring.parameters.edit')).toEqual(['monitoring.edit', 'monitoring.show']);
    expect(keysOf('monitoring.sites.index')).toEqual(['monitoring.index']);
    expect(keysOf('monitoring.sites.create')).toEqual(['monitoring.create']);
    expect(keysOf('monitoring.sites.show')).toEqual(['monitoring.show', 'monitoring.edit']);
    expect(keysOf('monitoring.sites.edit')).toEqual(['monitoring.edit']);
    // Regulations are law everyone compares with: read signed in, written with regulations.edit (issue 25).
    expect(keysOf('regulations.index')).toEqual([]);
    expect(keysOf('regulations.show')).toEqual([]);
    expect(keysOf('regulations.create')).toEqual(['regulations.edit']);
    expect(keysOf('regulations.edit')).toEqual(['regulations.edit']);
    // The laboratory's analyses: every laboratory key reads them (an analyst, their own: the server decides).
    for (const name of ['monitoring.analyses.index', 'monitoring.analyses.worksheet'])
      expect(keysOf(name), name).toEqual(['lab.index', 'lab.analyse', 'lab.verify', 'lab.receive']);
    // One analysis opens outside the laboratory too, released only (decision 40.23: the exceedance notice's link).
    expect(keysOf('monitoring.analyses.show')).toEqual([
      'lab.index',
      'lab.analyse',
      'lab.verify',
      'lab.receive',
      'monitoring.index',
      'customer.index',
    ]);
  });

  it('runs auth then permission on admin routes; authentication only where the seed says', () => {
    for (const r of ROUTES.filter((r) => r.layout === 'admin')) expect(r.middleware, r.name).toEqual(['auth', 'permission']);
    for (const name of [
      'works.my_work',
      'personal.profile',
      'notifications.index',
      'master_data.index',
      'master_data.create',
      'contract_templates.edit',
      'dashboard.index',
    ]) {
      expect(keysOf(name), name).toEqual([]);
    }
    for (const name of ['auth.login', 'auth.forgot', 'auth.reset']) expect(routeByName(name).middleware).toEqual(['guest']);
    for (const name of ['public.requests.index', 'public.requests.result', 'error', 'error.403', 'error.404']) {
      expect(routeByName(name).middleware).toEqual([]);
    }
  });

  it('builds breadcrumb trails from the catalogue', () => {
    const labels = (name: string) => routeTrail(name).map((r) => r.label);
    expect(labels('users.edit')).toEqual(['Người dùng', 'Sửa người dùng']);
    expect(labels('works.show')).toEqual(['Công việc của tôi', 'Chi tiết công việc']);
    expect(labels('process_steps.edit')).toEqual(['Sửa bước quy trình']);
    expect(labels('leaves.create_for_employee')).toEqual(['Nghỉ phép', 'Tạo đơn nghỉ cho nhân viên']);
    expect(labels('dashboard.index')).toEqual(['Tổng quan']);
    expect(urlFor('users.show', { id: 7 })).toBe('/admin/users/7');
  });

  it('derives the menu from visible, permitted routes', () => {
    expect(MENU_ROUTES.some((r) => r.hidden)).toBe(false);
    expect(MENU_ROUTES.map((r) => r.name)).not.toContain('personal.profile');
    expect(MENU_ROUTES.map((r) => r.name)).toContain('requests.index');
    const menu = buildMenu(['users.index']);
    const names = menu.flatMap((s) => s.routes.map((r) => r.name));
    expect(names).toContain('users.index');
    expect(names).toContain('works.my_work');
    expect(names).not.toContain('roles.index');
    expect(names).not.toContain('works.index');
    expect(menuRouteFor('users.edit')?.name).toBe('users.index');
    expect(menuRouteFor('works.create')?.name).toBe('works.my_work');
    // The "Quan trắc" group: the catalogues to whoever reads them; the regulations (QCVN) to everyone signed in, next to
    // the parameters.
    const monitoring = buildMenu(['monitoring.index']).find((s) => s.group.key === 'monitoring');
    expect(monitoring?.group.label).toBe('Quan trắc');
    expect(monitoring?.routes.map((r) => r.name).slice(0, 2)).toEqual(['monitoring.parameters.index', 'regulations.index']);
    expect(monitoring?.routes.map((r) => r.name)).toContain('monitoring.sites.index');
    const others = buildMenu(['monitoring.show']).find((s) => s.group.key === 'monitoring');
    expect(others?.routes.map((r) => r.name)).toEqual(['regulations.index']);
    expect(menuRouteFor('regulations.show')?.name).toBe('regulations.index');
    expect(menuRouteFor('monitoring.parameters.edit')?.name).toBe('monitoring.parameters.index');
    expect(menuRouteFor('monitoring.sites.show')?.name).toBe('monitoring.sites.index');
  });

  it('admits whoever a leave waits for to the leave list and a leave, without a leave key (issue 21, part 8)', () => {
    const nobody = { headed_department_ids: [], substitute_for_ids: [] };
    const head = { headed_department_ids: [4], substitute_for_ids: [] };
    const substitute = { headed_department_ids: [], substitute_for_ids: [9] };
    for (const name of ['leaves.index', 'leaves.show']) {
      expect(routeAllows(routeByName(name), [], head), name).toBe(true);
      expect(routeAllows(routeByName(name), [], substitute), name).toBe(true);
      expect(routeAllows(routeByName(name), [], nobody), name).toBe(false);
      expect(routeAllows(routeByName(name), [], null), name).toBe(false);
    }
    // Only those two: creating, editing, timekeeping and another section still need their keys.
    for (const name of ['leaves.create', 'leaves.edit', 'leaves.create_for_employee', 'timekeeping.index', 'users.index'])
      expect(routeAllows(routeByName(name), [], head), name).toBe(false);
    expect(routeAllows(routeByName('leaves.index'), ['leaves.index'], nobody)).toBe(true);
    const names = (user: RouteViewer) => buildMenu([], user).flatMap((s) => s.routes.map((r) => r.name));
    expect(names(head)).toContain('leaves.index');
    expect(names(substitute)).toContain('leaves.index');
    expect(names(nobody)).not.toContain('leaves.index');
    expect(names(head)).not.toContain('timekeeping.index');
  });
});
