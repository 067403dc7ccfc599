/** One position for a check-in: decimal degrees (6 decimals, as the API takes them) and the accuracy in metres. */
export interface Fix {
  latitude: number;
  longitude: number;
  accuracy_m: number;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Why no position came, in words a field worker can act on. */
export class LocationError extends Error {
  constructor(
    message: string,
    readonly denied: boolean,
  ) {
    super(message);
  }
}

/**
 * The device's position with high accuracy (GPS), at most 20 s; always a fresh fix: someone who just walked into the
 * site must not be judged by where they were a moment ago.
 */
export function currentFix(): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocationError('Thiết bị hoặc trình duyệt này không hỗ trợ định vị.', false));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          latitude: round6(p.coords.latitude),
          longitude: round6(p.coords.longitude),
          // The API takes whole metres, at least 1.
          accuracy_m: Math.max(1, Math.min(100_000, Math.round(p.coords.accuracy))),
        }),
      (e) => {
        if (e.code === e.PERMISSION_DENIED) reject(new LocationError('Bạn chưa cho phép ứng dụng dùng vị trí.', true));
        else if (e.code === e.TIMEOUT)
          reject(new LocationError('Không lấy được vị trí trong thời gian cho phép. Hãy ra chỗ thoáng và thử lại.', false));
        else reject(new LocationError('Không xác định được vị trí. Hãy bật định vị (GPS) và thử lại.', false));
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}

/** "± 12 m", "± 1,2 km". */
export function formatMetres(m: number): string {
  if (m < 1000) return `${Math.round(m)} m`;
  return `${(Math.round(m / 100) / 10).toString().replace('.', ',')} km`;
}
