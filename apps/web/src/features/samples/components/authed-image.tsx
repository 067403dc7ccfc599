import { Image } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/requester';

/**
 * A thumbnail that enlarges on a click. A saved photo (`/api/…`) is fetched with the signed-in user's token (the API
 * has no cookie session, so a plain `<img src>` would be refused) and shown from an object URL; a data URL as it is.
 */
export function AuthedImage({ src, size, alt }: { src: string; size: number; alt: string }) {
  const local = src.startsWith('data:');
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (local) return;
    let url: string | null = null;
    let alive = true;
    api
      .get<Blob>(src, { responseType: 'blob', display: 'ignore' })
      .then((blob) => {
        if (!alive) return;
        url = URL.createObjectURL(blob);
        setLoaded(url);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, local]);

  const shown = local ? src : loaded;
  const box = { width: size, height: size, borderRadius: 6 };
  if (!shown)
    return (
      <div
        role="img"
        aria-label={failed ? `${alt}: không tải được ảnh` : `${alt}: đang tải`}
        style={{
          ...box,
          background: '#f0f0f0',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 12,
          color: '#595959',
        }}
      >
        {failed ? 'Lỗi ảnh' : '…'}
      </div>
    );
  return <Image src={shown} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} alt={alt} />;
}
