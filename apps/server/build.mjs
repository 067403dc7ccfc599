// Bundles the server into dist/main.js (and dist/<name>-<hash>.js for what it loads on demand): our code and @qlcv/common inlined, npm packages left to node_modules.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const commonSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/common/src');

// SERVER_OUT_DIR: a private output folder, so two people's browser-test runs on one checkout never share a build.
const outdir = process.env.SERVER_OUT_DIR ?? 'dist';
// Chunk names change with their content: start clean so old ones don't pile up.
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir,
  bundle: true,
  // Modules imported with `await import()` (the S3 driver and its SDK) become their own files, loaded only when used.
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
  plugins: [
    {
      name: 'inline-common',
      setup(b) {
        // The workspace package ships TypeScript sources (exports "./*" → "./src/*.ts"), so it is bundled.
        b.onResolve({ filter: /^@qlcv\/common\// }, (args) => ({
          path: path.join(commonSrc, `${args.path.slice('@qlcv/common/'.length)}.ts`),
        }));
      },
    },
  ],
});
