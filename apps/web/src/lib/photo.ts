import { CHECK_PHOTO_MAX_BYTES } from '@qlcv/common/schemas/attendance';

/** The bytes of the image a base64 data URL carries (what the server's limit counts). */
export const dataUrlBytes = (url: string) => Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4);

/**
 * A phone photo (several MB) made small enough to send: drawn at most 1024 px on its longer side as JPEG, stepping the
 * size and quality down until the data URL is ≤ 300 kB. Rejects when the file is not an image the browser reads.
 */
export async function shrinkPhoto(file: File, maxBytes = CHECK_PHOTO_MAX_BYTES): Promise<string> {
  const bitmap = await loadImage(file);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Trình duyệt không xử lý được ảnh.');
  for (const side of [1024, 800, 640, 480, 320]) {
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.8, 0.65, 0.5]) {
      const url = canvas.toDataURL('image/jpeg', quality);
      if (dataUrlBytes(url) <= maxBytes) return url;
    }
  }
  throw new Error('Ảnh quá lớn, hãy chụp lại.');
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('Không đọc được ảnh, hãy chọn một tệp ảnh (JPEG, PNG).'));
    };
    image.src = url;
  });
}
