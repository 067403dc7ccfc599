import { describe, expect, it } from 'vitest';
import { flattenFormEntries, serializeParams, toFormData } from './form-data';

describe('flattenFormEntries (multipart bracket names)', () => {
  it('flattens nested objects and arrays of objects', () => {
    const entries = flattenFormEntries({
      title: 'Quan trắc khí thải',
      customer: { name: 'Công ty A', address: { province: 'Hà Nội' } },
      items: [
        { service_id: 3, quantity: 2 },
        { service_id: 5, quantity: 1 },
      ],
    });
    expect(entries).toEqual([
      ['title', 'Quan trắc khí thải'],
      ['customer[name]', 'Công ty A'],
      ['customer[address][province]', 'Hà Nội'],
      ['items[0][service_id]', '3'],
      ['items[0][quantity]', '2'],
      ['items[1][service_id]', '5'],
      ['items[1][quantity]', '1'],
    ]);
  });

  it('writes arrays of plain values and files as name[]', () => {
    const a = new Blob(['a'], { type: 'text/plain' });
    const b = new Blob(['b'], { type: 'text/plain' });
    const entries = flattenFormEntries({ attachments: [a, b], tags: ['x', 'y'] });
    expect(entries.map(([name]) => name)).toEqual(['attachments[]', 'attachments[]', 'tags[]', 'tags[]']);
    expect(entries[0]![1]).toBe(a);
  });

  it('leaves out null and undefined; writes booleans as 1/0 and dates as ISO', () => {
    const entries = flattenFormEntries({
      a: null,
      b: undefined,
      c: true,
      d: false,
      e: new Date('2026-11-05T00:00:00Z'),
      f: 0,
    });
    expect(entries).toEqual([
      ['c', '1'],
      ['d', '0'],
      ['e', '2026-11-05T00:00:00.000Z'],
      ['f', '0'],
    ]);
  });

  it('builds a FormData', () => {
    const form = toFormData({ items: [{ service_id: 1 }], attachments: [new Blob(['x'])] });
    expect(form.get('items[0][service_id]')).toBe('1');
    expect(form.getAll('attachments[]')).toHaveLength(1);
  });
});

describe('serializeParams', () => {
  it('joins arrays with commas and drops empty values', () => {
    expect(serializeParams({ status: ['new', 'received'], page: 2, search: '', role_id: undefined, x: null })).toBe(
      'status=new%2Creceived&page=2',
    );
    expect(serializeParams({ search: 'nguyễn văn an', sort: '-created_at' })).toBe(
      'search=nguy%E1%BB%85n+v%C4%83n+an&sort=-created_at',
    );
  });
});
