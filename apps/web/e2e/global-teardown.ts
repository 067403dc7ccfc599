import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Removes the run's temporary data directory (only one this config created under the temp dir). */
export default function globalTeardown() {
  const dir = process.env.QLCV_E2E_DATA_DIR;
  if (dir?.startsWith(tmpdir()) && dir.includes('qlcv-e2e-') && !process.env.QLCV_E2E_KEEP_DATA) {
    rmSync(dir, { recursive: true, force: true });
  }
}
