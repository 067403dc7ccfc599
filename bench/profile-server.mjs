// The built server under V8's sampling profiler, for a bench run: BENCH_SERVER=bench/profile-server.mjs. Writes the
// main thread's profile to $PROFILE_DIR (default /tmp) as main-<pid>.cpuprofile when the server is stopped
// (`node --cpu-prof` cannot be passed through NODE_OPTIONS, and the bench starts the server itself).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 1000 });
session.post('Profiler.start');
let written = false;
const write = () => {
  if (written) return;
  written = true;
  session.post('Profiler.stop', (err, result) => {
    if (!err)
      writeFileSync(
        path.join(process.env.PROFILE_DIR ?? '/tmp', `main-${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
  });
};
process.prependListener('SIGTERM', write);
process.on('exit', write);
await import(path.join(import.meta.dirname, '../apps/server/dist/main.js'));
