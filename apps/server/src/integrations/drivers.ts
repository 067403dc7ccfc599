import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { ChannelDriver, ChannelDrivers } from './channels';
import { logMailDriver } from './mail/log-mail';
import { smtpMailDriver } from './mail/smtp-mail';
import { type PushDeps, pushDriver, unconfiguredPushDriver } from './push/push-driver';
import { esmsDriver } from './sms/esms';
import { logSmsDriver } from './sms/log-sms';
import { logSmsSender, type SmsSender } from './sms/sms';
import { speedSmsDriver } from './sms/speedsms';
import { logZaloDriver } from './zalo/log-zalo';
import { type ZaloAccount, zaloZnsDriver } from './zalo/zalo-zns';

export interface DriverDeps {
  log: FastifyBaseLogger;
  /** The stored Zalo OA account (modules/zalo-settings/zalo-account.ts), shared so one token refresh serves all. */
  zalo: ZaloAccount;
  /** Web Push: the subscriptions and the VAPID keys. Straight to each browser's push service, never through a relay. */
  push?: PushDeps;
}

/**
 * The driver of each outside channel, from the configuration: SMS by SMS_DRIVER, e-mail by MAIL_DRIVER. Zalo is the
 * real ZNS driver once the Zalo settings are filled in; before that it answers `fallbackToSms`, except in development
 * (SMS_DRIVER=log) where Zalo messages go to the log driver like the rest. Push has no log driver: it goes to the
 * browser's own push service in development too.
 */
export function createChannelDrivers(config: Config, deps: DriverDeps): ChannelDrivers {
  const sms =
    config.smsDriver === 'esms' && config.esms
      ? esmsDriver(config.esms)
      : config.smsDriver === 'speedsms' && config.speedsms
        ? speedSmsDriver(config.speedsms)
        : logSmsDriver(config.dataDir, deps.log);
  const email =
    config.mailDriver === 'smtp' && config.smtp ? smtpMailDriver(config.smtp) : logMailDriver(config.dataDir, deps.log);
  const zns = zaloZnsDriver(deps.zalo);
  const zaloLog = logZaloDriver(config.dataDir, deps.log);
  const zalo: ChannelDriver =
    config.smsDriver === 'log'
      ? { send: async (message) => ((await deps.zalo.connection()) ? zns.send(message) : zaloLog.send(message)) }
      : zns;
  const push = deps.push ? pushDriver(deps.push) : unconfiguredPushDriver;
  return { email, sms, zalo, push };
}

/**
 * The SMS sender of the direct sends (the OTP, the public tracking code) on the configured SMS driver: the `log`
 * sender in development (it logs the safe text only), the real driver otherwise. A failed send throws.
 */
export function smsSenderOf(driver: ChannelDriver, config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.smsDriver === 'log') return logSmsSender(config.dataDir, log);
  return {
    async send(message) {
      const result = await driver.send({
        id: 0,
        channel: 'sms',
        recipient: message.to,
        subject: null,
        body: message.text,
        data: null,
        idempotencyKey: `direct-${randomUUID()}`,
      });
      if (!result.ok) throw new Error(result.error);
    },
  };
}
