// One rule for phone fields. A person's phone — a user's, the signed-in user's, a request's requester, the public
// form's visitor, a customer's contact person — is a Vietnamese mobile (`mobileSchema`). Only a customer's own phone
// may also be a landline (`phoneSchema` in schemas/customers.ts).

export const MOBILE_LABEL = 'Số di động';
export const MOBILE_PLACEHOLDER = '09xx xxx xxx';

export const PHONE_LABEL = 'Điện thoại (di động hoặc cố định)';
export const PHONE_PLACEHOLDER = '09xx xxx xxx hoặc 024 xxxx xxxx';

/**
 * The input props of every phone field: the phone keypad, and room for what people type around the digits (spaces,
 * dots, +84). The server normalises the number, so its schema sets no length of its own to show.
 */
export const PHONE_INPUT = { inputMode: 'tel', maxLength: 20 } as const;
