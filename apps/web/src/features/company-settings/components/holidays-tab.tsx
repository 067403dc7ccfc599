import { CalendarOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import {
  HOLIDAY_MAX_YEAR,
  HOLIDAY_MIN_YEAR,
  HOLIDAYS_PER_YEAR_MAX,
  type HolidayYear,
  holidayDaySchema,
} from '@qlcv/common/schemas/company-settings';
import {
  datesOfMonth,
  HOLIDAY_KIND_LABELS,
  HOLIDAY_KINDS,
  type HolidayDay,
  type HolidayKind,
  WEEKDAY_LABELS,
  weekdayOf,
} from '@qlcv/common/work-calendar';
import { Alert, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { RecordHistory } from '@/components/history-timeline';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { ApiError } from '@/lib/api/api-error';
import { dayjs } from '@/lib/dayjs';
import { zodRule } from '@/lib/forms';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify/notify';
import { useCompanyHolidays, useFetchHolidayProposal, useUpdateCompanyHolidays } from '../api/company-settings-api';

const DATE_FORMAT = 'DD/MM/YYYY';
const KIND_COLORS: Record<HolidayKind, string> = { holiday: 'red', compensatory_off: 'orange', compensatory_work: 'blue' };

interface DayRow {
  date: Dayjs | null;
  name: string;
  kind: HolidayKind;
}
interface HolidaysValues {
  days: DayRow[];
}

const toRows = (days: readonly HolidayDay[]): DayRow[] => days.map((d) => ({ date: dayjs(d.date), name: d.name, kind: d.kind }));

/** This year in Vietnam. */
const thisYear = () => Number(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 4));

/** The years offered: a few back and ahead, and the one chosen. */
function yearOptions(selected: number) {
  const now = thisYear();
  const years = new Set<number>([selected]);
  for (let y = now - 2; y <= now + 3; y++) years.add(y);
  return [...years]
    .filter((y) => y >= HOLIDAY_MIN_YEAR && y <= HOLIDAY_MAX_YEAR)
    .sort((a, b) => a - b)
    .map((y) => ({ value: y, label: `Năm ${y}` }));
}

const kindTag = (kind: HolidayKind) => <Tag color={KIND_COLORS[kind]}>{HOLIDAY_KIND_LABELS[kind]}</Tag>;
const weekdayText = (date: string) => WEEKDAY_LABELS[weekdayOf(date)];

/** "Ngày nghỉ lễ": a year's holidays, nghỉ bù and làm bù, proposed from the calendar and edited by hand. */
export function HolidaysTab({ canEdit }: { canEdit: boolean }) {
  const [year, setYear] = useState(thisYear);
  const holidays = useCompanyHolidays(year);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text strong>Năm</Typography.Text>
        <Select
          aria-label="Chọn năm"
          value={year}
          onChange={setYear}
          options={yearOptions(year)}
          style={{ width: 140 }}
          loading={holidays.isFetching}
        />
      </Space>
      {holidays.isPending ? (
        <LoadingCard rows={8} />
      ) : holidays.isError ? (
        <LoadError error={holidays.error} onRetry={() => holidays.refetch()} />
      ) : canEdit ? (
        <HolidaysForm
          key={`${holidays.data.year}-${holidays.data.version}`}
          data={holidays.data}
          onReload={() => holidays.refetch()}
          reloading={holidays.isFetching}
        />
      ) : (
        <HolidaysView data={holidays.data} />
      )}
      {canEdit && holidays.data && (
        <RecordHistory entity="company_holidays" id={holidays.data.year} fieldLabels={dateLabels(holidays.data.year)} />
      )}
    </Space>
  );
}

/** Each date of the year labelled DD/MM/YYYY (a year's history lists its changes by date). */
function dateLabels(year: number): Record<string, string> {
  const labels: Record<string, string> = {};
  for (let m = 1; m <= 12; m++) for (const d of datesOfMonth(year, m)) labels[d] = `${formatDate(d)} (${weekdayText(d)})`;
  return labels;
}

function UnsavedNotice({ data }: { data: HolidayYear }) {
  if (data.saved) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="holidays-unsaved"
      style={{ marginBottom: 16 }}
      title={`Năm ${data.year} chưa có danh sách ngày nghỉ đã lưu`}
      description="Danh sách dưới đây là đề xuất theo lịch (âm lịch và Bộ luật Lao động 2019) và đang được dùng để tính ngày công. Hãy kiểm tra, thêm nghỉ bù hoặc làm bù nếu cần, rồi bấm “Lưu ngày nghỉ lễ”."
    />
  );
}

function Summary({ days }: { days: readonly { kind: HolidayKind }[] }) {
  const count = (kind: HolidayKind) => days.filter((d) => d.kind === kind).length;
  return (
    <Typography.Text type="secondary" data-testid="holidays-summary">
      {count('holiday')} ngày nghỉ lễ, Tết · {count('compensatory_off')} ngày nghỉ bù · {count('compensatory_work')} ngày làm bù
    </Typography.Text>
  );
}

/** Read-only: the year's days as a table. */
function HolidaysView({ data }: { data: HolidayYear }) {
  return (
    <Card title={`Ngày nghỉ lễ năm ${data.year}`} extra={<Summary days={data.days} />}>
      <UnsavedNotice data={data} />
      <Table<HolidayDay>
        rowKey="date"
        size="middle"
        pagination={false}
        dataSource={data.days}
        locale={{ emptyText: 'Chưa có ngày nghỉ nào' }}
        columns={[
          { title: 'Ngày', dataIndex: 'date', width: 130, render: (d: string) => formatDate(d) },
          { title: 'Thứ', dataIndex: 'date', key: 'weekday', width: 110, render: (d: string) => weekdayText(d) },
          { title: 'Tên ngày nghỉ', dataIndex: 'name' },
          { title: 'Loại', dataIndex: 'kind', width: 150, render: kindTag },
        ]}
      />
    </Card>
  );
}

/** The year's days as an editable table: add, remove, propose from the calendar, save. */
function HolidaysForm({ data, onReload, reloading }: { data: HolidayYear; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<HolidaysValues>();
  const save = useUpdateCompanyHolidays();
  const fetchProposal = useFetchHolidayProposal();
  const [proposing, setProposing] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const rows = Form.useWatch('days', form) ?? [];
  const initialValues = useMemo(() => ({ days: toRows(data.days) }), [data]);
  const inYear = (d: Dayjs) => d.year() === data.year;

  const propose = async () => {
    setProposing(true);
    try {
      const proposal = await fetchProposal(data.year);
      form.setFieldsValue({ days: toRows(proposal.days) });
      notifyInfo(`Đã điền ${proposal.days.length} ngày theo lịch năm ${data.year}. Kiểm tra rồi bấm “Lưu ngày nghỉ lễ”.`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Không lấy được đề xuất.');
    } finally {
      setProposing(false);
    }
  };

  const onFinish = async (values: HolidaysValues) => {
    setConflict(null);
    const days = (values.days ?? []).map((d) => ({
      date: d.date?.format('YYYY-MM-DD') ?? '',
      name: d.name?.trim() ?? '',
      kind: d.kind,
    }));
    try {
      const saved = await save.mutateAsync({ year: data.year, version: data.version, days });
      notifySuccess(`Đã lưu ${saved.days.length} ngày của năm ${saved.year}.`);
    } catch (error) {
      // A row's error (`days.2.date`) goes under its cell.
      if (error instanceof ApiError && error.status === 422) {
        const fields = error.errors
          .map((e) => ({ match: /^days\.(\d+)\.(date|name|kind)$/.exec(e.field ?? ''), message: e.message }))
          .filter((e) => e.match)
          .map((e) => ({
            name: ['days', Number(e.match![1]), e.match![2] as 'date' | 'name' | 'kind'] as [
              'days',
              number,
              'date' | 'name' | 'kind',
            ],
            errors: [e.message],
          }));
        if (fields.length > 0) {
          form.setFields(fields);
          return;
        }
      }
      handleSubmitError(form, error, setConflict);
    }
  };

  const duplicateRule = (index: number) => ({
    validator: async (_rule: unknown, value: Dayjs | null) => {
      if (!value) throw new Error('Vui lòng chọn ngày');
      if (!inYear(value)) throw new Error(`Ngày phải thuộc năm ${data.year}`);
      const all = (form.getFieldValue('days') as DayRow[] | undefined) ?? [];
      if (all.some((row, i) => i !== index && row?.date && row.date.isSame(value, 'day'))) {
        throw new Error(`Ngày ${value.format(DATE_FORMAT)} bị trùng`);
      }
    },
  });

  return (
    <Form<HolidaysValues>
      form={form}
      name="company-holidays"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={save.isPending}
    >
      {conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      <Card
        title={`Ngày nghỉ lễ năm ${data.year}`}
        extra={
          <Popconfirm
            title="Thay danh sách trong bảng bằng đề xuất theo lịch?"
            description="Những dòng bạn đã thêm hoặc sửa sẽ bị thay thế (chưa lưu cho đến khi bấm Lưu)."
            okText="Đề xuất"
            cancelText="Hủy"
            disabled={rows.length === 0}
            onConfirm={propose}
          >
            <Button icon={<CalendarOutlined />} loading={proposing} onClick={rows.length === 0 ? propose : undefined}>
              Đề xuất theo lịch
            </Button>
          </Popconfirm>
        }
      >
        <UnsavedNotice data={data} />
        <Form.List name="days">
          {(fields, { add, remove }) => (
            <>
              <Table
                rowKey="key"
                size="middle"
                pagination={false}
                dataSource={fields}
                locale={{ emptyText: 'Chưa có ngày nghỉ nào. Bấm “Đề xuất theo lịch” hoặc “Thêm ngày”.' }}
                columns={[
                  {
                    title: 'Ngày',
                    key: 'date',
                    width: 170,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'date']} rules={[duplicateRule(field.name)]} style={{ marginBottom: 0 }}>
                        <DatePicker
                          format={DATE_FORMAT}
                          placeholder="DD/MM/YYYY"
                          aria-label={`Ngày, dòng ${field.name + 1}`}
                          disabledDate={(d) => !inYear(d)}
                          defaultPickerValue={dayjs(`${data.year}-01-01`)}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: 'Thứ',
                    key: 'weekday',
                    width: 100,
                    render: (_, field) => {
                      const date = rows[field.name]?.date;
                      return date ? weekdayText(date.format('YYYY-MM-DD')) : '—';
                    },
                  },
                  {
                    title: 'Tên ngày nghỉ',
                    key: 'name',
                    render: (_, field) => (
                      <Form.Item
                        name={[field.name, 'name']}
                        rules={[zodRule(holidayDaySchema.shape.name)]}
                        style={{ marginBottom: 0 }}
                      >
                        <Input
                          maxLength={150}
                          placeholder="Ví dụ: Nghỉ bù Quốc khánh"
                          aria-label={`Tên ngày nghỉ, dòng ${field.name + 1}`}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: 'Loại',
                    key: 'kind',
                    width: 170,
                    render: (_, field) => (
                      <Form.Item
                        name={[field.name, 'kind']}
                        rules={[{ required: true, message: 'Vui lòng chọn loại ngày' }]}
                        style={{ marginBottom: 0 }}
                      >
                        <Select
                          aria-label={`Loại, dòng ${field.name + 1}`}
                          options={HOLIDAY_KINDS.map((k) => ({ value: k, label: HOLIDAY_KIND_LABELS[k] }))}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '',
                    key: 'remove',
                    width: 56,
                    render: (_, field) => (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Xóa dòng ${field.name + 1}`}
                        onClick={() => remove(field.name)}
                      />
                    ),
                  },
                ]}
              />
              <Space style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }} wrap>
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= HOLIDAYS_PER_YEAR_MAX}
                  onClick={() => add({ date: null, name: '', kind: 'compensatory_off' } satisfies DayRow)}
                >
                  Thêm ngày
                </Button>
                <Summary days={rows.filter((r): r is DayRow => Boolean(r))} />
              </Space>
            </>
          )}
        </Form.List>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 16 }}>
          Nghỉ bù: ngày nghỉ thay cho ngày lễ trùng ngày nghỉ hằng tuần (hoặc hoán đổi với một ngày làm bù). Làm bù: ngày nghỉ
          hằng tuần phải đi làm cả ngày.
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          Lưu ngày nghỉ lễ
        </Button>
      </Card>
    </Form>
  );
}
