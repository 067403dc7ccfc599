import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { startBanner } from './banner';
import { ConfigError, loadConfig, prepareDataDir } from './config';
import { migrate, openDatabase } from './db/database';
import { ensureAdmin } from './db/seed/admin';
import { ensureNotificationSettings } from './modules/notification-settings/ensure-notification-settings';

const started = performance.now();
const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = prepareDataDir(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // apps/server/{src,dist}/main → apps/web/dist
  config = { ...config, webDist: config.webDist ?? path.resolve(here, '../../web/dist') };

  const database = openDatabase(config.database);
  await migrate(database);
  const app = await buildApp({ config, database });

  const admin = await ensureAdmin(database.db, config.adminPassword);
  await ensureNotificationSettings(database.db);
  const demo = process.argv.includes('--demo') || process.env.DEMO === 'true';
  if (demo) {
    // The demo's data and code are loaded only with --demo: a plain start does not parse them.
    const {
      loadDemo,
      loadDemoActivity,
      loadDemoEvaluations,
      loadDemoContractTemplates,
      loadDemoContracts,
      loadDemoSites,
      loadDemoPrograms,
      loadDemoTrips,
      loadDemoSamples,
      loadDemoAnalyses,
      loadDemoTestReports,
    } = await import('./demo/demo-all');
    // The company in one transaction, then four months of its activity through the services.
    const loaded = (await loadDemo(database.db)) && (await loadDemoActivity(database, config.dataDir));
    // Evaluations after the activity: their computed actuals count its works and requests.
    if (loaded) await loadDemoEvaluations(database.db);
    // Contract templates before the contracts, which print from the first one.
    if (loaded) await loadDemoContractTemplates(database.db, config.dataDir);
    // Contracts last: they are made for the customers and from the requests of the activity.
    if (loaded) await loadDemoContracts(database.db, config.dataDir);
    // The customers' monitored sites, for the customers the activity made (issue 24).
    if (loaded) await loadDemoSites(database.db);
    // This year's programme of each site, priced by the customer's signed contract when there is one.
    if (loaded) await loadDemoPrograms(database.db);
    // The field team's trips on those rounds, with the demo's vehicles and instruments.
    if (loaded) await loadDemoTrips(database.db);
    // The samples those trips took, along their chain of custody.
    if (loaded) await loadDemoSamples(database.db);
    // The laboratory's analyses of the received samples, released ones judged against their limits (issue 25).
    if (loaded) await loadDemoAnalyses(database.db);
    // Test reports of the done trips, signed with their .docx; one corrected to version 2, the newest a draft.
    if (loaded) await loadDemoTestReports(database.db, config.dataDir, config.publicUrl ?? `http://localhost:${config.port}`);
    app.log.info(loaded ? 'demo company loaded' : 'demo company already present');
  }

  await app.listen({ host: config.host, port: config.port });
  // Events → notifications → outbox; stopped by app.close() before the database closes.
  if (config.workers) app.workers.background.start();
  app.log.info({ ms: Math.round(performance.now() - started), database: database.kind }, 'ready');
  // The generated admin password is printed once, on the first start only; it is not stored anywhere in clear.
  console.log(
    startBanner({
      host: config.host,
      port: config.port,
      database: config.database.kind === 'sqlite' ? `SQLite (${config.database.file})` : 'PostgreSQL',
      adminPassword: admin.generatedPassword,
      demo,
    }),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    // close() stops accepting, answers 503 to new requests and waits for those in flight.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
