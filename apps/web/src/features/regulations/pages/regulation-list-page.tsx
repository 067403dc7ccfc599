import { formatNumber } from '@qlcv/common/format/number';
import type { RegulationListItem } from '@qlcv/common/schemas/regulations';
import { DatePicker, Select, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { MEDIUM_OPTIONS, MediumTag } from '@/features/sites';
import { dayjs } from '@/lib/dayjs';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useRegulations } from '../api/regulations-api';
import { InForceTag, validityText } from '../components/regulation-labels';

const FILTERS = ['medium', 'in_force_on'] as const;
const stack = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4, lineHeight: 1.35 } as const;

/**
 * The national technical regulations (QCVN) the company compares results with, as dated data: every signed-in person
 * reads them; `regulations.edit` adds, edits, imports and deletes.
 */
export default function RegulationListPage() {
  const list = useListParams({ sort: 'code', filters: FILTERS });
  const { params, update } = list;
  const regulations = useRegulations(toQuery(params));
  const canEdit = useCan(['regulations.edit']);
  const onDay = params.filters.in_force_on;

  const columns: TableColumnsType<RegulationListItem> = [
    {
      key: 'code',
      title: 'Số hiệu',
      width: 180,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      render: (_, r) => (
        <Link to={urlFor('regulations.show', { id: r.id })} style={{ fontWeight: 500 }}>
          {r.code}
        </Link>
      ),
    },
    {
      key: 'title',
      title: 'Tên quy chuẩn',
      render: (_, r) => (
        <span style={stack}>
          <span>{r.title}</span>
          {r.columns.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Cột {r.columns.join(', ')}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'medium',
      title: 'Thành phần môi trường',
      width: 160,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'medium'),
      render: (_, r) => <MediumTag medium={r.medium} />,
    },
    {
      key: 'valid_from',
      title: 'Hiệu lực',
      width: 210,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'valid_from'),
      render: (_, r) => (
        <span style={stack}>
          <span>{validityText(r)}</span>
          <InForceTag regulation={r} />
          {r.replaced_by && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Thay thế bởi <Link to={urlFor('regulations.show', { id: r.replaced_by.id })}>{r.replaced_by.code}</Link>
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'limit_count',
      title: 'Số giá trị giới hạn',
      width: 110,
      align: 'right',
      render: (_, r) => formatNumber(r.limit_count),
    },
  ];

  return (
    <ListPage<RegulationListItem>
      title="Quy chuẩn kỹ thuật"
      subtitle="Quy chuẩn kỹ thuật quốc gia (QCVN) theo thời gian hiệu lực: các cột giá trị, hệ số và giá trị giới hạn của từng thông số để đối chiếu kết quả quan trắc."
      list={list}
      query={regulations}
      columns={columns}
      noun="quy chuẩn"
      scrollX={900}
      create={canEdit && { label: 'Thêm quy chuẩn', to: urlFor('regulations.create') }}
      search={{ placeholder: 'Tìm theo số hiệu, tên quy chuẩn', width: 280 }}
      filters={
        <>
          <Select
            aria-label="Lọc theo thành phần môi trường"
            placeholder="Thành phần môi trường"
            allowClear
            style={{ width: 210 }}
            options={MEDIUM_OPTIONS}
            value={params.filters.medium}
            onChange={(v?: string) => update({ medium: v ?? null })}
          />
          <DatePicker
            aria-label="Còn hiệu lực ngày"
            format="DD/MM/YYYY"
            placeholder="Còn hiệu lực ngày…"
            style={{ width: 190 }}
            value={onDay ? dayjs(onDay) : null}
            onChange={(d) => update({ in_force_on: d ? d.format('YYYY-MM-DD') : null })}
          />
        </>
      }
      emptyText={
        canEdit
          ? 'Chưa có quy chuẩn nào. Thêm quy chuẩn kỹ thuật quốc gia với các cột, hệ số và giá trị giới hạn để đối chiếu kết quả.'
          : 'Chưa có quy chuẩn nào. Người được phân quyền sẽ thêm quy chuẩn vào danh mục.'
      }
    />
  );
}
