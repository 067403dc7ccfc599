import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { MAX_DEPTH, MAX_INDEX, parseBracketed, parseFieldName } from './multipart';

/** The 422 a call throws, with the field it names. */
function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.status).toBe(422);
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.errors.length).toBe(1);
    expect(e.errors[0]?.message).toMatch(/[À-ỹđĐ]/);
    return e;
  }
  throw new Error('no error thrown');
}

describe('parseFieldName', () => {
  it('splits a bracketed name into keys, indexes and appends', () => {
    expect(parseFieldName('name')).toEqual(['name']);
    expect(parseFieldName('items[0][service_id]')).toEqual(['items', 0, 'service_id']);
    expect(parseFieldName('attachments[]')).toEqual(['attachments', null]);
    expect(parseFieldName('a[b][]')).toEqual(['a', 'b', null]);
    expect(parseFieldName('contacts[12][email]')).toEqual(['contacts', 12, 'email']);
  });

  it('refuses malformed names on the field itself', () => {
    for (const name of ['', '[a]', 'a[b', 'a]b', 'a[b]c', 'a[[b]]', 'a[b]]']) {
      expect(refusal(() => parseFieldName(name)).errors[0]?.field).toBe(name);
    }
  });

  it(`accepts indexes up to ${MAX_INDEX} and refuses larger ones`, () => {
    expect(parseFieldName(`a[${MAX_INDEX}]`)).toEqual(['a', MAX_INDEX]);
    expect(parseFieldName('a[007]')).toEqual(['a', 7]);
    for (const name of [`a[${MAX_INDEX + 1}]`, 'a[4294967295]', 'a[99999999999999999999999]', 'a[0][1001][x]']) {
      const err = refusal(() => parseFieldName(name));
      expect(err.errors[0]?.field).toBe(name);
      expect(err.message).toContain(String(MAX_INDEX));
    }
  });

  it(`accepts ${MAX_DEPTH} levels of brackets and refuses deeper nesting`, () => {
    expect(parseFieldName('a[1][2][3][4][5]')).toEqual(['a', 1, 2, 3, 4, 5]);
    const deep = 'a[1][2][3][4][5][6]';
    expect(refusal(() => parseFieldName(deep)).errors[0]?.field).toBe(deep);
    expect(refusal(() => parseFieldName(`x${'[y]'.repeat(200)}`)).message).toContain(String(MAX_DEPTH));
  });

  it('refuses __proto__, constructor and prototype wherever they stand', () => {
    for (const name of [
      '__proto__',
      '__proto__[polluted]',
      'constructor',
      'constructor[prototype]',
      'constructor[prototype][polluted]',
      'a[__proto__]',
      'a[__proto__][polluted]',
      'a[0][constructor][prototype]',
      'prototype',
      'a[prototype]',
      'a[ __proto__ ]',
    ]) {
      expect(refusal(() => parseFieldName(name)).errors[0]?.field).toBe(name);
    }
  });
});

describe('parseBracketed', () => {
  it('builds nested objects and arrays', () => {
    const body = parseBracketed([
      ['title', 'Lấy mẫu nước'],
      ['items[0][service_id]', '3'],
      ['items[0][quantity]', '2'],
      ['items[1][service_id]', '4'],
      ['customer[address][province]', 'Hà Nội'],
      ['attachments[]', 'a'],
      ['attachments[]', 'b'],
    ]);
    expect(body).toEqual({
      title: 'Lấy mẫu nước',
      items: [{ service_id: '3', quantity: '2' }, { service_id: '4' }],
      customer: { address: { province: 'Hà Nội' } },
      attachments: ['a', 'b'],
    });
  });

  it('appends an object per `[]`, and keeps index order with gaps closed', () => {
    expect(
      parseBracketed([
        ['a[][x]', '1'],
        ['a[][y]', '2'],
      ]),
    ).toEqual({ a: [{ x: '1' }, { y: '2' }] });
    expect(
      parseBracketed([
        ['items[5]', 'năm'],
        ['items[0]', 'không'],
        ['items[2]', 'hai'],
      ]),
    ).toEqual({ items: ['không', 'hai', 'năm'] });
    expect(
      parseBracketed([
        ['t[0]', 'a'],
        ['t[]', 'b'],
      ]),
    ).toEqual({ t: ['a', 'b'] });
  });

  it('takes a number as a key inside an object', () => {
    expect(
      parseBracketed([
        ['m[x]', '1'],
        ['m[0]', '2'],
      ]),
    ).toEqual({ m: { x: '1', '0': '2' } });
  });

  it('keeps values as they came (files, strings)', () => {
    const file = { tempPath: '/tmp/x' };
    expect(parseBracketed([['f[0]', file]])).toEqual({ f: [file] });
    expect(parseBracketed([])).toEqual({});
  });

  it('refuses a name sent twice or used both as a value and as a parent', () => {
    const cases: [string, string][][] = [
      [
        ['a', '1'],
        ['a', '2'],
      ],
      [
        ['a', '1'],
        ['a[b]', '2'],
      ],
      [
        ['a[b]', '2'],
        ['a', '1'],
      ],
      [
        ['a[0]', '1'],
        ['a[x]', '2'],
      ],
      [
        ['a[x]', '1'],
        ['a[]', '2'],
      ],
      [
        ['a[0]', '1'],
        ['a[0]', '2'],
      ],
      [
        ['a[0][x]', '1'],
        ['a[0][x][y]', '2'],
      ],
    ];
    for (const entries of cases) {
      const err = refusal(() => parseBracketed(entries));
      expect(err.errors[0]?.field).toBe(entries[1]?.[0]);
    }
  });

  it('never writes to a prototype, whatever the names', () => {
    for (const name of [
      '__proto__[polluted]',
      'constructor[prototype][polluted]',
      'a[__proto__][polluted]',
      'x[constructor][prototype][polluted]',
    ]) {
      refusal(() => parseBracketed([[name, 'yes']]));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Array.prototype).not.toHaveProperty('polluted');
    // A refused name anywhere in the form refuses the whole form.
    refusal(() =>
      parseBracketed([
        ['name', 'ok'],
        ['a[__proto__][isAdmin]', '1'],
      ]),
    );
    // What comes out is plain data: own keys only, the ordinary prototype.
    const body = parseBracketed([['a[b]', '1']]);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toEqual(['a']);
  });
});
