import { SaveOutlined } from '@ant-design/icons';
import { type CompanySettings, companySettingsUpdateBody, SATURDAY_HALF_MESSAGE } from '@qlcv/common/schemas/company-settings';
import { formatContractNumber, isContractNumberPattern } from '@qlcv/common/schemas/contracts';
import { SATURDAY, WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '@qlcv/common/work-calendar';
import { Button, Card, Checkbox, Col, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { CheckboxGroup } from '@/components/checkbox-group';
import { ConflictAlert } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { useUpdateCompanySettings } from '../api/company-settings-api';
import { CompanyLogoField } from './company-logo-field';

export interface CompanyInfoValues {
  name: string;
  short_name: string | null;
  tax_code: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  legal_representative: string | null;
  legal_representative_title: string | null;
  bank_account_number: string | null;
  bank_name: string | null;
  working_days: number[];
  saturday_half: boolean;
  contract_number_pattern: string;
  test_report_number_pattern: string;
}

const toValues = (s: CompanySettings): CompanyInfoValues => ({
  name: s.name,
  short_name: s.short_name,
  tax_code: s.tax_code,
  address: s.address,
  phone: s.phone,
  email: s.email,
  website: s.website,
  legal_representative: s.legal_representative,
  legal_representative_title: s.legal_representative_title,
  bank_account_number: s.bank_account_number,
  bank_name: s.bank_name,
  working_days: s.working_days,
  saturday_half: s.saturday_half,
  contract_number_pattern: s.contract_number_pattern,
  test_report_number_pattern: s.test_report_number_pattern,
});

const shape = companySettingsUpdateBody.shape;
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Working days of a week: 1 a day, 0.5 a morning-only Saturday ("5,5 ngày"). */
export function weekTotal(workingDays: readonly number[], saturdayHalf: boolean): string {
  const total = workingDays.reduce((sum, d) => sum + (d === SATURDAY && saturdayHalf ? 0.5 : 1), 0);
  return `${String(total).replace('.', ',')} ngày`;
}

interface Props {
  settings: CompanySettings;
  canEdit: boolean;
  /** Reads the settings again and starts the form afresh from them (after a 409). */
  onReload: () => void;
  reloading: boolean;
}

/** The company's details, logo and working week; read-only without `settings.edit`. */
export function CompanyInfoForm({ settings, canEdit, onReload, reloading }: Props) {
  const [form] = Form.useForm<CompanyInfoValues>();
  const update = useUpdateCompanySettings();
  // The version this form was loaded at, moved on only by this page's own saves (a refetch must not hide a 409).
  const [version, setVersion] = useState(settings.version);
  const [logo, setLogo] = useState(settings.logo);
  const [conflict, setConflict] = useState<string | null>(null);
  const workingDays = Form.useWatch('working_days', form) ?? settings.working_days;
  const saturdayHalf = Form.useWatch('saturday_half', form) ?? settings.saturday_half;
  const saturdayWorked = workingDays.includes(SATURDAY);
  const numberPattern = (Form.useWatch('contract_number_pattern', form) ?? settings.contract_number_pattern).trim();
  const reportPattern = (Form.useWatch('test_report_number_pattern', form) ?? settings.test_report_number_pattern).trim();

  const onFinish = async (values: CompanyInfoValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({
        name: values.name.trim(),
        short_name: blankToNull(values.short_name),
        tax_code: blankToNull(values.tax_code),
        address: blankToNull(values.address),
        phone: blankToNull(values.phone),
        email: blankToNull(values.email),
        website: blankToNull(values.website),
        legal_representative: blankToNull(values.legal_representative),
        legal_representative_title: blankToNull(values.legal_representative_title),
        bank_account_number: blankToNull(values.bank_account_number),
        bank_name: blankToNull(values.bank_name),
        working_days: [...(values.working_days ?? [])].sort((a, b) => a - b),
        saturday_half: Boolean(values.saturday_half) && (values.working_days ?? []).includes(SATURDAY),
        contract_number_pattern: values.contract_number_pattern.trim(),
        test_report_number_pattern: values.test_report_number_pattern.trim(),
        version,
      });
      setVersion(saved.version);
      setLogo(saved.logo);
      // The server's normalised values: the tax code with its dash, the phone as digits, the website with https://.
      form.setFieldsValue(toValues(saved));
      notifySuccess('Đã lưu thông tin công ty.');
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <Form<CompanyInfoValues>
      form={form}
      name="company-settings"
      layout="vertical"
      initialValues={toValues(settings)}
      onFinish={onFinish}
      disabled={!canEdit || update.isPending}
    >
      {conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      <Card title="Thông tin chung" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} lg={16}>
            <Form.Item name="name" label="Tên công ty" required rules={[zodRule(shape.name)]}>
              <Input {...textLimit(shape.name)} placeholder="Ví dụ: Công ty TNHH Quan trắc & Kỹ thuật Môi trường" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name="short_name" label="Tên viết tắt" rules={[zodRule(shape.short_name)]}>
              <Input {...textLimit(shape.short_name)} placeholder="Ví dụ: QTKT" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item
              name="tax_code"
              label="Mã số thuế"
              rules={[zodRule(shape.tax_code)]}
              extra="10 số, hoặc 13 số cho chi nhánh (0101234567-001)"
            >
              <Input maxLength={20} inputMode="numeric" placeholder="0101234567" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="phone" label="Điện thoại" rules={[zodRule(shape.phone)]}>
              <Input maxLength={20} inputMode="tel" placeholder="024 3795 1234" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="email" label="Email" rules={[zodRule(shape.email)]}>
              <Input {...textLimit(shape.email)} inputMode="email" placeholder="lienhe@congty.vn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="website" label="Website" rules={[zodRule(shape.website)]}>
              <Input {...textLimit(shape.website)} placeholder="https://congty.vn" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={16}>
            <Form.Item name="address" label="Địa chỉ" rules={[zodRule(shape.address)]}>
              <Input {...textLimit(shape.address)} placeholder="Số nhà, đường, phường/xã, tỉnh/thành phố" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Logo" style={{ marginBottom: 16 }}>
        <CompanyLogoField
          logo={logo}
          version={version}
          canEdit={canEdit}
          onConflict={setConflict}
          onChanged={(next) => {
            if (next) {
              setVersion(next.version);
              setLogo(next.logo);
            } else {
              // Removed: one more version, no logo.
              setVersion((v) => v + 1);
              setLogo(null);
            }
          }}
        />
      </Card>

      <Card title="Người đại diện và tài khoản ngân hàng" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="legal_representative"
              label="Người đại diện theo pháp luật"
              rules={[zodRule(shape.legal_representative)]}
            >
              <Input {...textLimit(shape.legal_representative)} placeholder="Họ và tên" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="legal_representative_title" label="Chức vụ" rules={[zodRule(shape.legal_representative_title)]}>
              <Input {...textLimit(shape.legal_representative_title)} placeholder="Ví dụ: Giám đốc" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="bank_account_number" label="Số tài khoản" rules={[zodRule(shape.bank_account_number)]}>
              <Input maxLength={40} inputMode="numeric" placeholder="0011 0045 67890" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="bank_name" label="Ngân hàng" rules={[zodRule(shape.bank_name)]}>
              <Input {...textLimit(shape.bank_name)} placeholder="Tên ngân hàng, chi nhánh" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Tuần làm việc" style={{ marginBottom: 16 }}>
        <Form.Item
          name="working_days"
          label="Ngày làm việc trong tuần"
          required
          rules={[zodRule(shape.working_days)]}
          extra={`Mỗi tuần: ${weekTotal(workingDays, saturdayHalf && saturdayWorked)} làm việc. Ngày không chọn là ngày nghỉ hằng tuần.`}
        >
          <CheckboxGroup options={WEEKDAYS.map((d: Weekday) => ({ value: d, label: WEEKDAY_LABELS[d] }))} />
        </Form.Item>
        <Form.Item
          name="saturday_half"
          valuePropName="checked"
          dependencies={['working_days']}
          style={{ marginBottom: 0 }}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && !(getFieldValue('working_days') ?? []).includes(SATURDAY)) throw new Error(SATURDAY_HALF_MESSAGE);
              },
            }),
          ]}
          extra="Thứ Bảy tính nửa ngày công: một tháng có thể có 24,5 ngày làm việc."
        >
          <Checkbox disabled={!canEdit || !saturdayWorked}>Thứ Bảy chỉ làm buổi sáng</Checkbox>
        </Form.Item>
      </Card>

      <Card title="Hợp đồng" style={{ marginBottom: 16 }}>
        <Form.Item
          name="contract_number_pattern"
          label="Mẫu số hợp đồng"
          required
          rules={[zodRule(shape.contract_number_pattern.unwrap())]}
          extra={
            <>
              Số hợp đồng mới được cấp theo mẫu khi người lập để trống ô “Số hợp đồng”. <b>{'{seq:3}'}</b>: số thứ tự trong năm,
              đủ 3 chữ số (001, 002…; <b>{'{seq}'}</b> không thêm số 0); <b>{'{yyyy}'}</b>: năm 4 chữ số; <b>{'{yy}'}</b>: năm 2
              chữ số; <b>{'{mm}'}</b>: tháng. Số thứ tự bắt đầu lại từ 1 mỗi năm.
              {isContractNumberPattern(numberPattern) && (
                <span data-testid="contract-number-example">
                  {' '}
                  Ví dụ hợp đồng thứ 15 hôm nay: <b>{formatContractNumber(numberPattern, 15, dayjs().format('YYYY-MM-DD'))}</b>.
                </span>
              )}
            </>
          }
        >
          <Input maxLength={100} placeholder="{seq:3}/{yyyy}/HĐ-QT" style={{ maxWidth: 360 }} autoComplete="off" />
        </Form.Item>
      </Card>

      <Card title="Phiếu kết quả thử nghiệm" style={{ marginBottom: 16 }}>
        <Form.Item
          name="test_report_number_pattern"
          label="Mẫu số phiếu kết quả"
          required
          rules={[zodRule(shape.test_report_number_pattern.unwrap())]}
          extra={
            <>
              Số phiếu được cấp khi lập phiếu, cùng cách viết với mẫu số hợp đồng; số thứ tự bắt đầu lại từ 1 mỗi năm. Bản sửa đổi
              giữ số của phiếu và tăng lần ban hành.
              {isContractNumberPattern(reportPattern) && (
                <span data-testid="report-number-example">
                  {' '}
                  Ví dụ phiếu thứ 15 hôm nay: <b>{formatContractNumber(reportPattern, 15, dayjs().format('YYYY-MM-DD'))}</b>.
                </span>
              )}
            </>
          }
        >
          <Input maxLength={100} placeholder="{seq:3}/{yyyy}/PKQ" style={{ maxWidth: 360 }} autoComplete="off" />
        </Form.Item>
      </Card>

      {canEdit ? (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
          Lưu thông tin công ty
        </Button>
      ) : (
        <Typography.Text type="secondary">Bạn chỉ có quyền xem thông tin này.</Typography.Text>
      )}
    </Form>
  );
}
