import { describe, expect, it } from 'vitest';
import { ApiError, DEFAULT_ERROR_MESSAGE, errorMessage, SESSION_EXPIRED_MESSAGE } from './api-error';

describe('errorMessage (seed §8)', () => {
  it('uses the server message, else the default', () => {
    expect(errorMessage('Tên đăng nhập hoặc mật khẩu không đúng.')).toBe('Tên đăng nhập hoặc mật khẩu không đúng.');
    expect(errorMessage(undefined)).toBe('Đã xảy ra sự cố.');
    expect(errorMessage('')).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(42)).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('replaces "Unauthenticated." with the session-expired text', () => {
    expect(errorMessage('Unauthenticated.')).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.');
    expect(SESSION_EXPIRED_MESSAGE).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.');
  });
});

describe('ApiError.fieldErrors', () => {
  it('groups messages by field', () => {
    const error = new ApiError('Dữ liệu không hợp lệ', 422, 'VALIDATION_FAILED', [
      { field: 'mobile', message: 'Số điện thoại không hợp lệ' },
      { field: 'mobile', message: 'Số điện thoại đã được dùng' },
      { message: 'Lỗi chung' },
    ]);
    expect(error.fieldErrors()).toEqual({ mobile: ['Số điện thoại không hợp lệ', 'Số điện thoại đã được dùng'] });
  });
});
