import { DownloadOutlined } from '@ant-design/icons';
import type { TemplateKind } from '@qlcv/common/schemas/contract-templates';
import { Alert, Button, Card, Collapse, Skeleton, Space, Typography } from 'antd';
import { usePlaceholderCatalogue, useTemplateDownloads } from '../api/contract-templates-api';

/** "Trường trộn": every placeholder of the kind's catalogue by group with a copy button, and how the loops are written. */
export function PlaceholderHelp({ kind = 'contract' }: { kind?: TemplateKind }) {
  const catalogue = usePlaceholderCatalogue(kind);
  const report = kind === 'test_report';
  const downloads = useTemplateDownloads();
  return (
    <Card
      title="Trường trộn"
      size="small"
      extra={
        !report && (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={downloads.sample.isPending}
            onClick={() => downloads.sample.mutate()}
          >
            Tải mẫu gợi ý
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {report ? 'Soạn phiếu kết quả' : 'Soạn hợp đồng'} trong Word, đặt các thẻ dưới đây vào chỗ cần điền (giữ nguyên cặp ngoặc{' '}
        {'{ }'}). Khi tải lên, hệ thống kiểm tra từng thẻ; thẻ sai tên hoặc thiếu ngoặc sẽ được liệt kê để sửa.
      </Typography.Paragraph>
      {report && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Mã QR của trang kiểm tra phiếu được tự động thêm vào cuối phiếu; đặt {'{verify.code}'} và {'{verify.url}'} ở chỗ cần in
          mã xác thực.
        </Typography.Paragraph>
      )}
      {catalogue.isPending ? (
        <Skeleton active />
      ) : catalogue.isError ? (
        <Alert type="warning" showIcon title="Không tải được danh mục trường trộn." />
      ) : (
        <Collapse
          size="small"
          defaultActiveKey={report ? ['report', 'points', 'params'] : ['contract', 'items']}
          items={catalogue.data.groups.map((g) => ({
            key: g.group,
            label: `${g.label} (${g.placeholders.length})`,
            children: (
              <>
                {g.loop && (
                  <Alert
                    type="info"
                    style={{ marginBottom: 8 }}
                    title={
                      <Space size={4} wrap>
                        <Typography.Text
                          code
                          copyable={{ tooltips: ['Sao chép', 'Đã sao chép'] }}
                        >{`{#${g.loop}}`}</Typography.Text>
                        …
                        <Typography.Text
                          code
                          copyable={{ tooltips: ['Sao chép', 'Đã sao chép'] }}
                        >{`{/${g.loop}}`}</Typography.Text>
                      </Space>
                    }
                    description={g.usage}
                  />
                )}
                <table style={{ width: '100%', borderCollapse: 'collapse' }}>
                  <tbody>
                    {g.placeholders.map((p) => (
                      <tr key={p.key} style={{ borderTop: '1px solid rgba(5,5,5,0.06)' }}>
                        <td style={{ padding: '4px 8px 4px 0', whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                          <Typography.Text code copyable={{ text: p.tag, tooltips: ['Sao chép', 'Đã sao chép'] }}>
                            {p.tag}
                          </Typography.Text>
                        </td>
                        <td style={{ padding: '4px 0', verticalAlign: 'top' }}>
                          {p.label}
                          <br />
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            Ví dụ: {p.sample}
                          </Typography.Text>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
