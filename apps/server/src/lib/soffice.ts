import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * LibreOffice as the .docx → PDF converter, when installed: `soffice` (or `libreoffice`) found on PATH, looked up once
 * per process. Without it documents are .docx only.
 */
let found: string | null | undefined;

export function findSoffice(): string | null {
  if (found !== undefined) return found;
  found = null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const bin = path.join(dir, name);
      try {
        accessSync(bin, constants.X_OK);
        found = bin;
        return found;
      } catch {
        // not here
      }
    }
  }
  return found;
}

/** Converts a .docx with LibreOffice headless in a private folder (its own profile, so runs never share one). */
export async function docxToPdf(bin: string, docx: Buffer, timeoutMs = 60_000): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'qlcv-pdf-'));
  try {
    const input = path.join(dir, 'document.docx');
    await writeFile(input, docx);
    await new Promise<void>((resolve, reject) =>
      execFile(
        bin,
        [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, input],
        { timeout: timeoutMs },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    return await readFile(path.join(dir, 'document.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
