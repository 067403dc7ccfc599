import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { MEDIUM_LABELS } from '@qlcv/common/schemas/parameters';
import { SAMPLE_QC_LABELS, type SampleLabel, sampleScanPath } from '@qlcv/common/schemas/samples';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { QrCode } from '@/components/qr-code';
import './sample-label-sheet.css';

/** One label: the QR (opening the sample), the code in large, where, what, when, how preserved and for what. */
export function SampleLabelCard({ label }: { label: SampleLabel }) {
  const qr = window.location.origin + sampleScanPath(label.code);
  return (
    <div className="qlcv-label" data-testid="sample-label" data-scan={qr}>
      <QrCode value={qr} size="24mm" label={`Mã QR của mẫu ${label.code}`} />
      <div className="qlcv-label-text">
        <span className="qlcv-label-code">{label.code}</span>
        <span className="qlcv-label-line">
          {label.site} · {label.point}
        </span>
        <span className="qlcv-label-line">
          {MEDIUM_LABELS[label.medium]}
          {label.qc_kind !== 'normal' ? ` · ${SAMPLE_QC_LABELS[label.qc_kind]}` : ''}
        </span>
        <span className="qlcv-label-line">{formatDateTime(label.taken_at)}</span>
        {label.preservation && <span className="qlcv-label-line">BQ: {label.preservation}</span>}
        {label.lab_parameters.length > 0 && <span className="qlcv-label-line">CT: {label.lab_parameters.join(', ')}</span>}
      </div>
    </div>
  );
}

/** The printable page: a title and "In" (hidden in print), then the labels. */
export function SampleLabelSheet({ title, labels, children }: { title: string; labels: SampleLabel[]; children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <main className="qlcv-label-page">
      <div className="qlcv-label-toolbar">
        <h1>{title}</h1>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          Quay lại
        </Button>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={labels.length === 0}>
          In
        </Button>
      </div>
      {children}
      <div className="qlcv-label-sheet">
        {labels.map((l) => (
          <SampleLabelCard key={l.id} label={l} />
        ))}
      </div>
    </main>
  );
}
