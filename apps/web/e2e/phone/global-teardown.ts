import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Removes the phone project's demo data directory (only one the config created under the temp dir). */
export default function globalTeardown() {
  const dir = process.env.QLCV_E2E_PHONE_DATA_DIR;
  if (dir?.startsWith(tmpdir()) && dir.includes('qlcv-e2e-') && !process.env.QLCV_E2E_KEEP_DATA) {
    rmSync(dir, { recursive: true, force: true });
  }
}
