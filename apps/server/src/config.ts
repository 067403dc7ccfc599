import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './lib/storage-s3';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'phải bắt đầu bằng postgres:// hoặc sqlite:')
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SQLITE_READ_WORKERS: z.coerce.number().int('phải là số nguyên').min(0, 'không được âm').max(64, 'tối đa 64').optional(),
  APP_SECRET: z.string().min(32, 'cần ít nhất 32 ký tự').optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 7),
  ADMIN_PASSWORD: z.string().min(8, 'cần ít nhất 8 ký tự').optional(),
  SMS_DRIVER: z.enum(['log', 'esms', 'speedsms']).default('log'),
  ESMS_API_KEY: z.string().optional(),
  ESMS_SECRET_KEY: z.string().optional(),
  ESMS_BRANDNAME: z.string().max(20, 'tối đa 20 ký tự').optional(),
  ESMS_BASE_URL: z.url({ protocol: /^https?$/, error: 'phải là địa chỉ http(s)://' }).default('https://rest.esms.vn'),
  SPEEDSMS_TOKEN: z.string().optional(),
  SPEEDSMS_SENDER: z.string().max(20, 'tối đa 20 ký tự').optional(),
  SPEEDSMS_BASE_URL: z.url({ protocol: /^https?$/, error: 'phải là địa chỉ http(s)://' }).default('https://api.speedsms.vn'),
  MAIL_DRIVER: z.enum(['log', 'smtp']).default('log'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'phải có dạng smtp://người-dùng:mật-khẩu@máy-chủ:cổng')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'phải là một địa chỉ e-mail, có thể kèm tên: QLCV <no-reply@congty.vn>',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  TRUST_PROXY: bool.default(false),
  WORKERS: bool.default(true),
  OUTBOUND_ALLOW_LOOPBACK: bool.default(false),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'phải là khoá công khai P-256 dạng base64url (87 ký tự)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'phải là khoá riêng P-256 dạng base64url (43 ký tự)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'phải là mailto:… hoặc https://…')
    .optional(),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  UPLOAD_MAX_MB: z.coerce.number().positive('phải lớn hơn 0').max(1024, 'tối đa 1024').default(20),
  LIST_CACHE_SIZE: z.coerce.number().int('phải là số nguyên').min(0, 'không được âm').max(100_000, 'tối đa 100000').default(1000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'phải là địa chỉ http(s)://… của ứng dụng')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'phải bắt đầu bằng redis:// hoặc rediss://')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'phải là địa chỉ http(s)://' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'chỉ gồm chữ thường, số và dấu gạch ngang')
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'tên bucket 3–63 ký tự: chữ thường, số, dấu chấm, gạch ngang')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z
    .string()
    .regex(/^(?!(.*\/)?\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'chỉ gồm chữ, số, . _ - và dấu / giữa các phần')
    .optional(),
});

/**
 * SQLite reader threads when SQLITE_READ_WORKERS is unset (decision 41.2): the cores but one for the main thread,
 * at least 2 (one long read never holds every quick one) and at most 4 (reads wait on the disk and the writer beyond).
 */
export function defaultReadWorkers(cores = availableParallelism()): number {
  return Math.min(4, Math.max(2, cores - 1));
}

// A chosen driver needs its keys: the start stops naming the missing one.
const checkedEnv = envSchema.superRefine((e, ctx) => {
  const need = (name: keyof typeof e, when: string) => {
    if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: `bắt buộc khi ${when}` });
  };
  if (e.SMS_DRIVER === 'esms')
    for (const n of ['ESMS_API_KEY', 'ESMS_SECRET_KEY', 'ESMS_BRANDNAME'] as const) need(n, 'SMS_DRIVER=esms');
  if (e.SMS_DRIVER === 'speedsms') need('SPEEDSMS_TOKEN', 'SMS_DRIVER=speedsms');
  if (e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) need('VAPID_PRIVATE_KEY', 'có VAPID_PUBLIC_KEY');
  if (e.VAPID_PRIVATE_KEY && !e.VAPID_PUBLIC_KEY) need('VAPID_PUBLIC_KEY', 'có VAPID_PRIVATE_KEY');
  if (e.MAIL_DRIVER === 'smtp') for (const n of ['SMTP_URL', 'MAIL_FROM'] as const) need(n, 'MAIL_DRIVER=smtp');
  // Keys go in pairs; with neither, the SDK looks for credentials itself (an AWS role, ~/.aws).
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) need('S3_SECRET_ACCESS_KEY', 'có S3_ACCESS_KEY_ID');
  if (e.S3_SECRET_ACCESS_KEY && !e.S3_ACCESS_KEY_ID) need('S3_ACCESS_KEY_ID', 'có S3_SECRET_ACCESS_KEY');
  if (!e.S3_BUCKET)
    for (const n of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const)
      if (e[n]) ctx.addIssue({ code: 'custom', path: [n], message: 'cần S3_BUCKET để dùng kho lưu trữ S3' });
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** `readWorkers`: SQLite's reader threads (db/sqlite-driver.ts); 0 or absent, every statement on one connection. */
  database: { kind: 'sqlite'; file: string; readWorkers?: number } | { kind: 'postgres'; url: string; poolSize: number };
  appSecret: string;
  tokenTtlHours: number;
  adminPassword?: string;
  /** How SMS and e-mail leave (integrations/drivers.ts); Zalo is on once its settings are filled in. */
  smsDriver: 'log' | 'esms' | 'speedsms';
  esms: { apiKey: string; secretKey: string; brandname: string; baseUrl: string } | null;
  speedsms: { token: string; sender: string | null; baseUrl: string } | null;
  mailDriver: 'log' | 'smtp';
  smtp: { url: string; from: string } | null;
  logLevel: string;
  /** Human-readable log lines instead of JSON (a terminal, or development). */
  prettyLogs: boolean;
  trustProxy: boolean;
  /** Run the notification dispatcher and the outbox (and the scheduler) loops in this process. */
  workers: boolean;
  /**
   * An outside-service address a user sets (Zalo's) may be `http://` on this machine (127.0.0.0/8, ::1, localhost):
   * for local stand-ins in tests only. Off, every such address is https to a public host.
   */
  outboundAllowLoopback: boolean;
  webDist?: string;
  shutdownTimeoutMs: number;
  /** Largest accepted upload, per file, in MiB. */
  uploadMaxMb: number;
  /** List pages whose ids and total are kept (lib/list-cache.ts); 0 turns the cache off. */
  listCacheSize: number;
  /** How long a delivery claimed by the outbox stays this instance's; a worker that died is taken over after it. */
  outboxLeaseMs: number;
  /** The address people open the app at (`https://qlcv.congty.vn`): links in e-mails, SMS and Zalo messages. */
  publicUrl?: string;
  /** Live events and rate limits shared through Redis by several instances (lib/realtime, lib/rate-limit). */
  redisUrl?: string;
  /** Uploads in an S3-compatible bucket (lib/storage-s3.ts) when S3_BUCKET is set; null: on the local disk. */
  s3: S3Settings | null;
  /** Web Push keys from the environment; unset, they are made once into DATA_DIR (integrations/push/vapid-keys.ts). */
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
}

export class ConfigError extends Error {}

const SECRET_VARS = new Set([
  'DATABASE_URL',
  'APP_SECRET',
  'ADMIN_PASSWORD',
  'ESMS_API_KEY',
  'ESMS_SECRET_KEY',
  'SPEEDSMS_TOKEN',
  'SMTP_URL',
  'REDIS_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'VAPID_PRIVATE_KEY',
]);

/** Reads the environment; a wrong value throws a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, isTty = Boolean(process.stdout.isTTY)): Config {
  // A variable set to an empty string counts as unset (`PORT=` must not mean a random port).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = checkedEnv.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? '?');
    // Values that may hold credentials are never echoed to the console or logs.
    const shown = SECRET_VARS.has(name) ? '(ẩn)' : JSON.stringify(given[name] ?? '');
    throw new ConfigError(`Cấu hình không hợp lệ: ${name}=${shown} — ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database: Config['database'] = e.DATABASE_URL?.startsWith('postgres')
    ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DB_POOL_SIZE }
    : {
        kind: 'sqlite',
        file: e.DATABASE_URL ? path.resolve(e.DATABASE_URL.slice('sqlite:'.length)) : path.join(dataDir, 'qlcv.sqlite'),
        readWorkers: e.SQLITE_READ_WORKERS ?? defaultReadWorkers(),
      };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database,
    appSecret: e.APP_SECRET ?? '',
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    adminPassword: e.ADMIN_PASSWORD,
    smsDriver: e.SMS_DRIVER,
    esms:
      e.SMS_DRIVER === 'esms'
        ? {
            apiKey: e.ESMS_API_KEY ?? '',
            secretKey: e.ESMS_SECRET_KEY ?? '',
            brandname: e.ESMS_BRANDNAME ?? '',
            baseUrl: e.ESMS_BASE_URL,
          }
        : null,
    speedsms:
      e.SMS_DRIVER === 'speedsms'
        ? { token: e.SPEEDSMS_TOKEN ?? '', sender: e.SPEEDSMS_SENDER ?? null, baseUrl: e.SPEEDSMS_BASE_URL }
        : null,
    mailDriver: e.MAIL_DRIVER,
    smtp: e.MAIL_DRIVER === 'smtp' ? { url: e.SMTP_URL ?? '', from: e.MAIL_FROM ?? '' } : null,
    logLevel: e.LOG_LEVEL,
    // `auto`: pretty for a person at a terminal (or in development), JSON for a log collector.
    prettyLogs: e.LOG_FORMAT === 'pretty' || (e.LOG_FORMAT === 'auto' && (isTty || e.NODE_ENV === 'development')),
    trustProxy: e.TRUST_PROXY,
    workers: e.WORKERS,
    outboundAllowLoopback: e.OUTBOUND_ALLOW_LOOPBACK,
    webDist: e.WEB_DIST,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    uploadMaxMb: e.UPLOAD_MAX_MB,
    listCacheSize: e.LIST_CACHE_SIZE,
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX ?? '',
        }
      : null,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
  };
}

/** Creates the data directory and, when none is given, a secret kept in it across restarts. */
export function prepareDataDir(config: Config): Config {
  mkdirSync(config.dataDir, { recursive: true });
  if (config.appSecret) return config;
  const file = path.join(config.dataDir, 'app-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return { ...config, appSecret: readFileSync(file, 'utf8').trim() };
}
