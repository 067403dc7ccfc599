import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { MAX_SAMPLE_PHOTOS, SAMPLE_PHOTO_MAX_BYTES } from '@qlcv/common/schemas/samples';
import { Button, Image, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { notifyError } from '@/lib/notify/notify';
import { shrinkPhoto } from '@/lib/photo';
import { AuthedImage } from './authed-image';

/** A photo on the form: one saved (its id and URL) or one just taken (its data URL, not sent yet). */
export type FormPhoto = { id: number; url: string } | { id: null; url: string };

/**
 * The sample's photos: the phone's camera opens on "Chụp ảnh" (a file picker on a computer); each photo shrunk
 * here before it is sent, shown as a thumbnail with "Xóa".
 */
export function SamplePhotos({ value = [], onChange }: { value?: FormPhoto[]; onChange?: (photos: FormPhoto[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const full = value.length >= MAX_SAMPLE_PHOTOS;

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    const added: FormPhoto[] = [];
    for (const file of [...files].slice(0, MAX_SAMPLE_PHOTOS - value.length)) {
      try {
        added.push({ id: null, url: await shrinkPhoto(file, SAMPLE_PHOTO_MAX_BYTES) });
      } catch {
        notifyError(`Không đọc được ảnh “${file.name}”. Hãy chụp lại hoặc chọn ảnh JPEG, PNG.`);
      }
    }
    setBusy(false);
    if (input.current) input.current.value = '';
    if (added.length) onChange?.([...value, ...added]);
  };

  return (
    <div>
      {value.length > 0 && (
        <Image.PreviewGroup>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8 }} data-testid="sample-photo-thumbs">
            {value.map((p, i) => (
              <div
                key={p.id ?? p.url.slice(-40)}
                style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
              >
                <AuthedImage src={p.url} size={88} alt={`Ảnh mẫu ${i + 1}`} />
                <Button
                  size="small"
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Xóa ảnh ${i + 1}`}
                  onClick={() => onChange?.(value.filter((_, j) => j !== i))}
                >
                  Xóa
                </Button>
              </div>
            ))}
          </div>
        </Image.PreviewGroup>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        aria-label="Chọn ảnh mẫu"
        data-testid="sample-photo-input"
        style={{ display: 'none' }}
        onChange={(e) => void add(e.target.files)}
      />
      <Button icon={<CameraOutlined />} loading={busy} disabled={full} onClick={() => input.current?.click()}>
        Chụp ảnh
      </Button>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
        {full ? `Đã đủ ${MAX_SAMPLE_PHOTOS} ảnh.` : `Tối đa ${MAX_SAMPLE_PHOTOS} ảnh; ảnh được thu nhỏ trước khi gửi.`}
      </Typography.Text>
    </div>
  );
}
