/**
 * The outside channels a delivery goes through (issue 9). Each has one small driver interface, a `log` driver for
 * development and real drivers tested against local stand-in servers. The outbox worker (lib/outbox.ts) is the only
 * caller: it leases a `deliveries` row, calls `send`, and records the result.
 */
export type ChannelName = 'email' | 'sms' | 'zalo' | 'push';

/** The in-app channel is a `notifications` row pushed live; the others leave through the outbox. */
export const CHANNELS = ['in_app', 'email', 'sms', 'zalo', 'push'] as const;

export interface OutboundMessage {
  /** The `deliveries` row id. */
  id: number;
  channel: ChannelName;
  /**
   * An e-mail address, or a mobile as stored (0xxxxxxxxx); drivers convert it (Zalo wants 84xxxxxxxxx). Push: the
   * `push_subscriptions` id.
   */
  recipient: string;
  subject: string | null;
  body: string;
  /** Template data and the kind of message (`otp`, `request_received`…), for Zalo ZNS templates. */
  data: Record<string, unknown> | null;
  /** Stable across retries of this delivery: given to the provider (Zalo tracking_id, a mail header) when it takes one. */
  idempotencyKey: string;
}

export type SendResult =
  | { ok: true; providerResponse: string }
  | {
      ok: false;
      /** False when trying again cannot help (a wrong number, a template refused): the delivery goes dead at once. */
      retryable: boolean;
      error: string;
      providerResponse?: string;
      /** Zalo could not reach this person (no Zalo account, ZNS refused): send the same text by SMS instead. */
      fallbackToSms?: boolean;
    };

export interface ChannelDriver {
  send(message: OutboundMessage): Promise<SendResult>;
}

/** One driver per outside channel, chosen by configuration (integrations/drivers.ts) and given to buildApp. */
export type ChannelDrivers = Record<ChannelName, ChannelDriver>;
