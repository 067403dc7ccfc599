import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fromServer = { user: { id: 2 }, permissions_code: ['users.index'] };
vi.mock('../api/requester', () => ({ api: { get: vi.fn(async () => fromServer) } }));

const { api } = await import('../api/requester');
const { getAuthInfo } = await import('./get-auth-info');

type Holder = { __QLCV_EARLY_PROFILE__?: { token: string; answer: Promise<unknown> }; localStorage?: unknown };
const holder = globalThis as Holder;
let token: string | null = 'tok-1';

describe('getAuthInfo and the profile call of public/boot.js', () => {
  beforeEach(() => {
    token = 'tok-1';
    holder.localStorage = { getItem: () => token, setItem: () => {}, removeItem: () => {} };
    vi.mocked(api.get).mockClear();
  });
  afterEach(() => {
    delete holder.__QLCV_EARLY_PROFILE__;
    delete holder.localStorage;
  });

  it('takes the early answer once, then asks the server', async () => {
    const early = { user: { id: 1 }, permissions_code: [] };
    holder.__QLCV_EARLY_PROFILE__ = { token: 'tok-1', answer: Promise.resolve(early) };
    expect(await getAuthInfo()).toBe(early);
    expect(api.get).not.toHaveBeenCalled();
    expect(await getAuthInfo()).toBe(fromServer);
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the early call failed', async () => {
    holder.__QLCV_EARLY_PROFILE__ = { token: 'tok-1', answer: Promise.resolve(null) };
    expect(await getAuthInfo()).toBe(fromServer);
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it('ignores an early answer for another token', async () => {
    holder.__QLCV_EARLY_PROFILE__ = { token: 'tok-old', answer: Promise.resolve({ user: { id: 9 } }) };
    expect(await getAuthInfo()).toBe(fromServer);
    expect(holder.__QLCV_EARLY_PROFILE__).toBeUndefined();
  });
});
