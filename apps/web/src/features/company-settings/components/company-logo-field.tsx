import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { formatFileSize } from '@qlcv/common/format/file-size';
import {
  type CompanySettings,
  LOGO_ACCEPT,
  LOGO_MAX_BYTES,
  LOGO_TYPE_MESSAGE,
  LOGO_TYPES,
} from '@qlcv/common/schemas/company-settings';
import { Button, Popconfirm, Space, Typography, Upload } from 'antd';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useDeleteCompanyLogo, useUploadCompanyLogo } from '../api/company-settings-api';

interface Props {
  logo: CompanySettings['logo'];
  /** The settings version the page holds: the change is refused (409) if someone saved meanwhile. */
  version: number;
  canEdit: boolean;
  /** After a change: the new settings version (null when it must be read again). */
  onChanged: (settings: CompanySettings | null) => void;
  onConflict: (message: string) => void;
}

const LOGO_BOX = { width: 160, height: 160 } as const;

/** The company logo: a preview, and for the settings key an upload (PNG, JPEG or WebP up to 2 MB) and a remove. */
export function CompanyLogoField({ logo, version, canEdit, onChanged, onConflict }: Props) {
  const upload = useUploadCompanyLogo();
  const remove = useDeleteCompanyLogo();

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) onConflict(error.message);
    else notifyError(error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE);
  };

  return (
    <Space align="start" size={24} wrap>
      <div
        data-testid="company-logo-preview"
        style={{
          ...LOGO_BOX,
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
          overflow: 'hidden',
        }}
      >
        {logo ? (
          <img src={logo.url} alt="Logo công ty" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            <PictureOutlined style={{ fontSize: 32, display: 'block', marginBottom: 8 }} />
            Chưa có logo
          </Typography.Text>
        )}
      </div>
      <Space orientation="vertical" size={8}>
        {logo && (
          <Typography.Text type="secondary">
            {logo.original_name} · {formatFileSize(logo.size)}
          </Typography.Text>
        )}
        {canEdit && (
          <Space wrap>
            <Upload
              accept={LOGO_ACCEPT}
              showUploadList={false}
              maxCount={1}
              disabled={upload.isPending || remove.isPending}
              beforeUpload={(file) => {
                if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
                  notifyError(`${LOGO_TYPE_MESSAGE}.`);
                  return Upload.LIST_IGNORE;
                }
                if (file.size > LOGO_MAX_BYTES) {
                  notifyError(`Ảnh logo tối đa ${formatFileSize(LOGO_MAX_BYTES)}.`);
                  return Upload.LIST_IGNORE;
                }
                return true;
              }}
              customRequest={async ({ file, onSuccess, onError }) => {
                try {
                  const settings = await upload.mutateAsync({ file: file as File, version });
                  onChanged(settings);
                  notifySuccess('Đã cập nhật logo công ty.');
                  onSuccess?.(settings);
                } catch (error) {
                  failed(error);
                  onError?.(error as Error);
                }
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {logo ? 'Đổi logo' : 'Tải logo lên'}
              </Button>
            </Upload>
            {logo && (
              <Popconfirm
                title="Xóa logo công ty?"
                okText="Xóa"
                cancelText="Hủy"
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(version);
                    onChanged(null);
                    notifySuccess('Đã xóa logo công ty.');
                  } catch (error) {
                    failed(error);
                  }
                }}
              >
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  Xóa logo
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Ảnh PNG, JPEG hoặc WebP, tối đa {formatFileSize(LOGO_MAX_BYTES)}; hiện trên trang đăng nhập và các văn bản.
        </Typography.Text>
      </Space>
    </Space>
  );
}
