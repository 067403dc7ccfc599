import { BREACHED_PASSWORDS } from './breached-passwords';

// The deny-list of new passwords (QUALITY.md "Identity"): the common passwords of a public breach list, and the ones
// most often tried against Vietnamese offices. It weighs some 11 kB gzipped: only the password-setting forms and the
// server import it (through schemas/passwords.ts), never the sign-in page.

/** Passwords Vietnamese offices use that the breach list misses, with and without their accents. */
const VIETNAMESE = [
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '99999999',
  '11223344',
  '12341234',
  '123123123',
  '147258369',
  '123456a@',
  '123456aa',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwerty123',
  'qwertyui',
  'qwerty12',
  'abc12345',
  'abcd1234',
  'abc123456',
  'a1234567',
  'aa123456',
  'iloveyou',
  'admin123',
  'admin@123',
  'administrator',
  'welcome1',
  'letmein1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'matkhau',
  'matkhau1',
  'matkhau123',
  'matkhau@123',
  'mậtkhẩu',
  'mậtkhẩu1',
  'mậtkhẩu123',
  'mật khẩu',
  'mật khẩu 123',
  'anhyeuem',
  'anhyeuem1',
  'anhyeuem123',
  'anhyêuem',
  'anh yêu em',
  'emyeuanh',
  'emyeuanh1',
  'emyeuanh123',
  'emyêuanh',
  'em yêu anh',
  'vietnam1',
  'vietnam123',
  'việtnam123',
  'việt nam 123',
  'hanoi123',
  'hànội123',
  'saigon123',
  'sàigòn123',
  'zxcvbnm1',
  'asdfghjk',
  '1q2w3e4r',
  '1qaz2wsx',
  'qazwsxedc',
  'trustno1',
  'superman',
  'changeme',
  'default1',
  'qlcv1234',
  'qlcv@123',
  '12345qwert',
  'qwer1234',
  '123qweasd',
  'zaq12wsx',
];

const normalize = (password: string) => password.normalize('NFC').toLowerCase();

let denied: ReadonlySet<string> | null = null;
/** Built on first use, so merely loading the module costs nothing. */
function deniedSet(): ReadonlySet<string> {
  denied ??= new Set([...BREACHED_PASSWORDS.split('\n').filter(Boolean), ...VIETNAMESE.map(normalize)]);
  return denied;
}

/** True for a password on the deny-list (compared NFC-normalised and lower-cased), one repeated character, or a run of digits. */
export function isCommonPassword(password: string): boolean {
  const p = normalize(password);
  if (deniedSet().has(p)) return true;
  if (/^(.)\1+$/u.test(p)) return true;
  return '01234567890123456789'.includes(p) || '98765432109876543210'.includes(p);
}
