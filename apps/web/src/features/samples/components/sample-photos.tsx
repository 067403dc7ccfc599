import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { MAX_SAMPLE_PHOTOS, SAMPLE_PHOTO_MAX_BYTES } from '@qlcv/common/schemas/samples';
import { Button, Image, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { notifyError } from '@/lib/notify/notify';

/** A photo on the form: one saved (its id and URL) or one just taken (its data URL, not sent yet). */
export type FormPhoto = { id: number; url: string } | { id: null; url: string };

/** Bytes of the image a base64 data URL holds. */
const bytesOf = (dataUrl: string) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new window.Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not an image'));
    };
    img.src = url;
  });
}

/**
 * A phone's photo (often 4–12 MB) made a JPEG the server takes: at most 1600 px on its longer side, the quality
 * lowered and then the size halved until it fits in SAMPLE_PHOTO_MAX_BYTES.
 */
export async function shrinkPhoto(file: File): Promise<string> {
  const img = await loadImage(file);
  let side = Math.min(1600, Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  for (let round = 0; round < 6; round++) {
    const scale = side / Math.max(img.naturalWidth, img.naturalHeight);
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    // White under a transparent PNG: JPEG has no alpha (it would turn black).
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7, 0.55]) {
      const url = canvas.toDataURL('image/jpeg', quality);
      if (bytesOf(url) <= SAMPLE_PHOTO_MAX_BYTES) return url;
    }
    side = Math.round(side / 2);
  }
  throw new Error('too large');
}

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
        added.push({ id: null, url: await shrinkPhoto(file) });
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
                <Image
                  src={p.url}
                  width={88}
                  height={88}
                  style={{ objectFit: 'cover', borderRadius: 6 }}
                  alt={`Ảnh mẫu ${i + 1}`}
                />
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
