import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { generateVapidKeys, type VapidKeys, vapidKeysMatch } from './web-push-crypto';

export interface Vapid extends VapidKeys {
  /** The contact push services may write to about our sends: `mailto:` or `https:`. */
  subject: string;
}

/** Where generated keys are kept: the data directory, readable by the server's user only. */
export const vapidFile = (dataDir: string) => path.join(dataDir, 'vapid-keys.json');

/**
 * The application server's VAPID keys: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else made once into
 * `<DATA_DIR>/vapid-keys.json` (mode 0600; created exclusively, so two instances starting together share one pair).
 * A browser's subscription is bound to the public key: changing it silently orphans every subscription.
 */
export function loadVapid(config: Config): Vapid {
  const subject =
    config.vapid.subject ?? (config.publicUrl?.startsWith('https://') ? config.publicUrl : 'mailto:quantri@qlcv.invalid');
  if (config.vapid.publicKey && config.vapid.privateKey) {
    const keys = { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey };
    if (!vapidKeysMatch(keys)) throw new Error('Cấu hình không hợp lệ: VAPID_PUBLIC_KEY không khớp VAPID_PRIVATE_KEY');
    return { ...keys, subject };
  }
  const file = vapidFile(config.dataDir);
  try {
    writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  if (!vapidKeysMatch(stored)) throw new Error(`Khoá VAPID trong ${file} không hợp lệ`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
