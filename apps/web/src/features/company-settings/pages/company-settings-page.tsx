import { formatFileSize } from '@qlcv/common/format/file-size';
import { WEEKDAY_LABELS, type Weekday } from '@qlcv/common/work-calendar';
import { Alert, Tabs } from 'antd';
import { useState } from 'react';
import { type HistoryView, historyValue, RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { useCompanySettings } from '../api/company-settings-api';
import { CompanyInfoForm } from '../components/company-info-form';
import { HolidaysTab } from '../components/holidays-tab';

const SETTINGS_HISTORY: HistoryView = {
  fieldLabels: {
    name: 'Tên công ty',
    short_name: 'Tên viết tắt',
    tax_code: 'Mã số thuế',
    address: 'Địa chỉ',
    phone: 'Điện thoại',
    email: 'Email',
    website: 'Website',
    legal_representative: 'Người đại diện',
    legal_representative_title: 'Chức vụ người đại diện',
    bank_account_number: 'Số tài khoản',
    bank_name: 'Ngân hàng',
    working_days: 'Ngày làm việc',
    saturday_half: 'Thứ Bảy chỉ làm buổi sáng',
    logo: 'Logo',
  },
  formatValue: (field, value) => {
    if (field === 'working_days' && Array.isArray(value)) return value.map((d) => WEEKDAY_LABELS[d as Weekday] ?? d).join(', ');
    if (field === 'logo' && value && typeof value === 'object' && 'original_name' in value) {
      const logo = value as { original_name: string; size?: number };
      return logo.size ? `${logo.original_name} (${formatFileSize(logo.size)})` : logo.original_name;
    }
    return historyValue(value);
  },
};

/**
 * `settings.company.index`: the company's details, logo and working week, and the public holidays of each year.
 * Anyone may read them (every module counts days with them); changing them takes `settings.edit`.
 */
export default function CompanySettingsPage() {
  const settings = useCompanySettings();
  const canEdit = useCan(['settings.edit']);
  // Raised by "Tải lại" after a 409: the form starts again from the settings read afresh.
  const [formKey, setFormKey] = useState(0);

  const reload = async () => {
    await settings.refetch();
    setFormKey((k) => k + 1);
  };

  return (
    <>
      <PageHeader
        title="Cài đặt công ty"
        subtitle="Thông tin công ty, logo, tuần làm việc và ngày nghỉ lễ dùng để tính ngày công."
      />
      {!canEdit && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Chế độ chỉ xem"
          description="Bạn cần quyền “Sửa cài đặt công ty” để thay đổi các thông tin này."
        />
      )}
      {settings.isPending ? (
        <LoadingCard rows={10} />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <Tabs
          defaultActiveKey="info"
          items={[
            {
              key: 'info',
              label: 'Thông tin công ty',
              children: (
                <CompanyInfoForm
                  key={formKey}
                  settings={settings.data}
                  canEdit={canEdit}
                  onReload={reload}
                  reloading={settings.isFetching}
                />
              ),
            },
            { key: 'holidays', label: 'Ngày nghỉ lễ', children: <HolidaysTab canEdit={canEdit} /> },
            ...(canEdit
              ? [
                  {
                    key: 'history',
                    label: 'Lịch sử thay đổi',
                    children: <RecordHistory entity="company_settings" id={1} {...SETTINGS_HISTORY} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </>
  );
}
