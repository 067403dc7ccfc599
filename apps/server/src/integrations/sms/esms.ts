import { normalizeMobile } from '@qlcv/common/vi-text';
import type { ChannelDriver, SendResult } from '../channels';
import { callProvider, clip, httpFailure, networkFailure } from '../http';

export interface EsmsOptions {
  apiKey: string;
  secretKey: string;
  brandname: string;
  /** https://rest.esms.vn, or a stand-in in tests. */
  baseUrl: string;
}

// eSMS answer codes (developers.esms.vn, "Table of error codes"): 100 taken; 124 means this RequestId was taken
// before, i.e. a retry after a crash of a message already sent. Codes a retry can cure: the balance (103, topped up
// later) and eSMS's own failures (99 is a blocked number, final).
const RETRYABLE_CODES = new Set(['103']);
const CODE_TEXT: Record<string, string> = {
  '99': 'Số điện thoại bị chặn',
  '101': 'Sai ApiKey hoặc SecretKey',
  '102': 'Tài khoản chưa có bảng giá',
  '103': 'Tài khoản không đủ số dư',
  '104': 'Brandname không tồn tại hoặc chưa được duyệt',
  '108': 'Số điện thoại không đúng định dạng',
  '118': 'Loại tin không được hỗ trợ',
  '140': 'Địa chỉ IP của máy chủ chưa được eSMS cho phép',
  '146': 'Nội dung không khớp mẫu tin chăm sóc khách hàng đã đăng ký',
  '177': 'Nhà mạng chưa được đăng ký cho brandname',
};

/**
 * SMS brandname through eSMS: `POST /MainService.svc/json/SendMultipleMessage_V4_post_json/`, customer care type
 * (SmsType 2). Unicode only when the text has accents (an unaccented message costs fewer parts). The delivery's
 * idempotency key goes as RequestId, which eSMS refuses twice (code 124).
 */
export function esmsDriver(options: EsmsOptions): ChannelDriver {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/MainService.svc/json/SendMultipleMessage_V4_post_json/`;
  return {
    async send(message): Promise<SendResult> {
      const phone = normalizeMobile(message.recipient);
      if (!phone) return { ok: false, retryable: false, error: 'Số điện thoại không hợp lệ' };
      let answer: Awaited<ReturnType<typeof callProvider>>;
      try {
        answer = await callProvider(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ApiKey: options.apiKey,
            SecretKey: options.secretKey,
            Brandname: options.brandname,
            SmsType: '2',
            IsUnicode: [...message.body].some((c) => c.charCodeAt(0) > 0x7f) ? '1' : '0',
            Phone: phone,
            Content: message.body,
            RequestId: message.idempotencyKey,
          }),
        });
      } catch (err) {
        return networkFailure(err);
      }
      const body = answer.json as { CodeResult?: string | number; ErrorMessage?: string } | null;
      const code = body?.CodeResult === undefined ? null : String(body.CodeResult);
      if (answer.status !== 200 || code === null) return httpFailure(answer, 'eSMS trả lời không hợp lệ');
      if (code === '100' || code === '124') return { ok: true, providerResponse: clip(answer.text) };
      return {
        ok: false,
        retryable: RETRYABLE_CODES.has(code),
        error: `eSMS ${code}: ${CODE_TEXT[code] ?? body?.ErrorMessage ?? 'lỗi không xác định'}`,
        providerResponse: clip(answer.text),
      };
    },
  };
}
