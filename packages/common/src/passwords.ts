// A short deny-list of the passwords most often tried against Vietnamese offices (QUALITY.md "Identity").
const COMMON = [
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  '66666666', '99999999', '11223344', '12341234', '123123123', '147258369', '123456a@', '123456aa',
  'password', 'password1', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'qwerty123', 'qwertyui',
  'qwerty12', 'abc12345', 'abcd1234', 'abc123456', 'a1234567', 'aa123456', 'iloveyou', 'admin123',
  'admin@123', 'administrator', 'welcome1', 'letmein1', 'sunshine', 'princess', 'football', 'baseball',
  'matkhau', 'matkhau1', 'matkhau123', 'anhyeuem', 'emyeuanh', 'vietnam1', 'vietnam123', 'hanoi123',
  'saigon123', 'zxcvbnm1', 'asdfghjk', '1q2w3e4r', '1qaz2wsx', 'qazwsxedc', 'trustno1', 'superman',
  'changeme', 'default1', 'qlcv1234', 'qlcv@123', '12345qwert', 'qwer1234', '123qweasd', 'zaq12wsx',
];
const COMMON_SET: ReadonlySet<string> = new Set(COMMON);

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_SET.has(lower)) return true;
  // One repeated character, or a plain run of digits.
  if (/^(.)\1+$/.test(lower)) return true;
  return '01234567890123456789'.includes(lower) || '98765432109876543210'.includes(lower);
}
