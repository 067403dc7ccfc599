import { emailSchema, mobileSchema, optionalText, requiredText } from '@qlcv/common/schemas/common';
import { contactSchema } from '@qlcv/common/schemas/customers';
import { passwordSchema } from '@qlcv/common/schemas/passwords';
import { requestCreateBody } from '@qlcv/common/schemas/requests';
import { describe, expect, it } from 'vitest';
import { maxLengthOf, schemaOfRule, textLimit, zodRule } from './forms';

describe('text field limits from the shared schemas', () => {
  it('reads .max() through optional, nullable and preprocess/pipe wrappers', () => {
    expect(maxLengthOf(requiredText('tên', 100))).toBe(100);
    expect(maxLengthOf(optionalText('địa chỉ', 255))).toBe(255);
    expect(maxLengthOf(emailSchema)).toBe(150);
    expect(maxLengthOf(passwordSchema)).toBe(128);
    expect(maxLengthOf(requestCreateBody.shape.content)).toBe(10_000);
    expect(maxLengthOf(contactSchema.shape.name)).toBe(150);
    // A phone is normalised, not cut: no length of its own.
    expect(maxLengthOf(mobileSchema)).toBeUndefined();
  });

  it('gives the counter with the server maximum, nothing for a schema without one', () => {
    expect(textLimit(optionalText('mô tả', 500))).toEqual({ maxLength: 500, showCount: true });
    expect(textLimit(mobileSchema)).toEqual({});
  });

  it('finds the schema behind a zodRule', () => {
    const schema = requiredText('kết quả', 10_000);
    expect(schemaOfRule(zodRule(schema))).toBe(schema);
    expect(schemaOfRule({ required: true })).toBeUndefined();
  });
});
