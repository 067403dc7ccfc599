// Bundles the server into dist/main.js: our code and @qlcv/common inlined, npm packages left to node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const commonSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/common/src');

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
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
