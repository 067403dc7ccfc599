import { TEMPLATE_LOOPS, TEMPLATE_PLACEHOLDERS } from '@qlcv/common/schemas/contract-templates';
import { REPORT_LOOPS, REPORT_PLACEHOLDERS } from '@qlcv/common/schemas/report-templates';
import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';
import { unescapeXml } from './docx-build';
import { AppError } from './errors';
import { docxtemplater, pizZip } from './lazy-deps';

/**
 * Templates: .docx files with docxtemplater tags. Only the default parser is used (a tag is a plain key looked up as an
 * own property), so nothing written in a template is evaluated. Inspection compiles the template, turns docxtemplater's
 * compile errors into Vietnamese problems and checks every tag against a catalogue (the contracts' by default; the
 * test report's for a report template, decision 40.32).
 */

export interface TemplateProblem {
  message: string;
  tag?: string;
}
export interface TemplateInspection {
  placeholders: string[];
  problems: TemplateProblem[];
}

/** The tags a template may use: plain keys (a key of a loop's group only inside that loop) and loops. */
export interface TemplateCatalogue {
  placeholders: Record<string, { group: string; sample: string }>;
  /** A loop's rows (samples) and the loop it must sit inside, if any. */
  loops: Record<string, { within?: string | null; samples: readonly Record<string, unknown>[] }>;
  /** The loop a placeholder group belongs to. */
  loopOfGroup: Record<string, string | undefined>;
}

export const CONTRACT_CATALOGUE: TemplateCatalogue = {
  placeholders: TEMPLATE_PLACEHOLDERS,
  loops: TEMPLATE_LOOPS,
  loopOfGroup: { items: 'items', vat_lines: 'vat_lines' },
};

/** A company's test report template: `{#params}` rows sit inside `{#points}`. */
export const REPORT_CATALOGUE: TemplateCatalogue = {
  placeholders: REPORT_PLACEHOLDERS,
  loops: REPORT_LOOPS,
  loopOfGroup: { points: 'points', params: 'params' },
};

const MAX_INFLATED_BYTES = 50 * 1024 * 1024;
const DOCX_OPTIONS = { paragraphLoop: true, linebreaks: true, errorLogging: false } as const;
const loopNames = (c: TemplateCatalogue) => Object.keys(c.loops);

interface Part {
  type: string;
  value: string;
  module?: string;
  inverted?: boolean;
  offset?: number;
  subparsed?: Part[];
}
interface XtError {
  properties?: {
    id?: string;
    xtag?: string;
    context?: string;
    offset?: number | number[];
    file?: string;
    openingtag?: string;
    closingtag?: string;
    lastPair?: { left: string; right: string };
    pair?: { left: string; right: string };
    errors?: XtError[];
    explanation?: string;
  };
}

/** Keeps the compiled parts of every templated file (what docxtemplater's InspectModule does, without lodash). */
class CollectModule {
  readonly name = 'QlcvCollectModule';
  private file = '';
  readonly parts: Record<string, Part[]> = {};
  set(options: { inspect?: { filePath?: string; postparsed?: Part[] } }) {
    if (options.inspect?.filePath) this.file = options.inspect.filePath;
    if (options.inspect?.postparsed) this.parts[this.file] = options.inspect.postparsed;
  }
}

const notDocx = () =>
  new AppError(422, 'TEMPLATE_INVALID', 'Tệp mẫu không phải tệp Word .docx hợp lệ.', [
    { field: 'file', message: 'Tệp mẫu không phải tệp Word .docx hợp lệ.' },
  ]);

/** Opens a .docx; refuses anything else, including macro-enabled documents. */
function openDocx(buf: Buffer): PizZip {
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw notDocx();
  let zip: PizZip;
  try {
    zip = new (pizZip())(buf);
  } catch {
    throw notDocx();
  }
  if (!zip.file('word/document.xml')) throw notDocx();
  // Entries are inflated only when read: a small file that would inflate past the cap (a zip bomb) is refused first.
  const inflated = Object.values(zip.files).reduce(
    (sum, f) => sum + Number((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0),
    0,
  );
  if (inflated > MAX_INFLATED_BYTES) {
    const message = `Tệp mẫu quá lớn khi giải nén (tối đa ${MAX_INFLATED_BYTES / 1024 / 1024} MB); hãy bỏ bớt hình ảnh.`;
    throw new AppError(422, 'TEMPLATE_INVALID', message, [{ field: 'file', message }]);
  }
  const types = zip.file('[Content_Types].xml')?.asText() ?? '';
  if (zip.file(/vbaProject\.bin$/i).length > 0 || /macroEnabled/i.test(types)) {
    const message = 'Tệp có macro (.docm) không được chấp nhận; hãy lưu lại thành .docx thường.';
    throw new AppError(422, 'TEMPLATE_INVALID', message, [{ field: 'file', message }]);
  }
  return zip;
}

// --- where a tag is: the paragraph that holds a text offset ---

interface Paragraph {
  start: number;
  text: string;
}
function paragraphsOf(zip: PizZip, file: string): Paragraph[] {
  const xml = zip.file(file)?.asText() ?? '';
  const out: Paragraph[] = [];
  let offset = 0;
  for (const p of xml.split(/<\/w:p>/)) {
    // docxtemplater counts offsets over the raw (escaped) text of the w:t elements
    const text = [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1] ?? '').join('');
    out.push({ start: offset, text });
    offset += text.length;
  }
  return out;
}

const FILE_LABELS: [RegExp, string][] = [
  [/header/, 'đầu trang'],
  [/footer/, 'chân trang'],
  [/footnote/, 'chú thích cuối trang'],
  [/endnote/, 'chú thích cuối văn bản'],
];

/** Where offsets of a file fall: the paragraph label for a message, and the text a broken tag starts. */
function locator(zip: PizZip) {
  const cache = new Map<string, Paragraph[]>();
  const find = (file: string, at: number) => {
    let paragraphs = cache.get(file);
    if (!paragraphs) {
      paragraphs = paragraphsOf(zip, file);
      cache.set(file, paragraphs);
    }
    let index = 0;
    for (let i = 0; i < paragraphs.length; i++) {
      const p = paragraphs[i];
      if (p && p.start <= at && (p.text.length > 0 || p.start < at)) index = i;
      if (p && p.start > at) break;
    }
    return { index, paragraph: paragraphs[index] ?? { start: 0, text: '' } };
  };
  const where = (file: string | undefined, offset: number | number[] | undefined): string => {
    if (!file) return '';
    const at = Array.isArray(offset) ? offset[0] : offset;
    const label = FILE_LABELS.find(([re]) => re.test(file))?.[1];
    if (at === undefined) return label ? ` (${label})` : '';
    const { index, paragraph } = find(file, at);
    const text = unescapeXml(paragraph.text).trim();
    const excerpt = text.length > 60 ? `${text.slice(0, 60)}…` : text;
    return ` (${label ? `${label}, ` : ''}đoạn ${index + 1}${excerpt ? `: "${excerpt}"` : ''})`;
  };
  /** The text from an offset to the end of its paragraph (a tag left open ends there for the reader). */
  const restOf = (file: string | undefined, offset: number | number[] | undefined): string | null => {
    const at = Array.isArray(offset) ? offset[0] : offset;
    if (!file || at === undefined) return null;
    const { paragraph } = find(file, at);
    return unescapeXml(paragraph.text.slice(Math.max(0, at - paragraph.start)));
  };
  return Object.assign(where, { restOf });
}

// --- compile errors → Vietnamese problems ---

const short = (s: string, max = 40) => (s.length > max ? `${s.slice(0, max)}…` : s);

function describeError(err: XtError, where: ReturnType<typeof locator>): TemplateProblem {
  const p = err.properties ?? {};
  const at = where(p.file, p.offset);
  const xtag = p.xtag ?? '';
  switch (p.id) {
    case 'unclosed_tag': {
      const start = where.restOf(p.file, p.offset) ?? p.context ?? `{${xtag}`;
      const tag = `{${short(start.replace(/^\{/, '').split(/[\s{]/)[0] ?? '')}`;
      return { tag, message: `Thẻ "${tag}" chưa được đóng (thiếu dấu "}")${at}` };
    }
    case 'unopened_tag': {
      const tag = `${short(xtag.replace(/\}$/, ''))}}`;
      return { tag, message: `Thẻ "${tag}" thiếu dấu mở "{"${at}` };
    }
    case 'duplicate_open_tag':
      return { tag: short(p.context ?? xtag), message: `Thẻ "${short(p.context ?? xtag)}" có hai dấu mở "{" liền nhau${at}` };
    case 'duplicate_close_tag':
      return { tag: short(p.context ?? xtag), message: `Thẻ "${short(p.context ?? xtag)}" có hai dấu đóng "}" liền nhau${at}` };
    case 'unclosed_loop':
      return { tag: `{#${xtag}}`, message: `Vòng lặp "{#${xtag}}" chưa được đóng (thiếu "{/${xtag}}")${at}` };
    case 'unopened_loop':
      return { tag: `{/${xtag}}`, message: `Thẻ đóng "{/${xtag}}" không có thẻ mở "{#${xtag}}" tương ứng${at}` };
    case 'closing_tag_does_not_match_opening_tag':
      return {
        tag: `{#${p.openingtag}}`,
        message: `Vòng lặp "{#${p.openingtag}}" lại được đóng bằng "{/${p.closingtag}}"${at}`,
      };
    case 'unbalanced_loop_tags':
      return {
        tag: `{#${p.pair?.left}}`,
        message: `Vòng lặp "{#${p.lastPair?.left}}…{/${p.lastPair?.right}}" và "{#${p.pair?.left}}…{/${p.pair?.right}}" đan chéo nhau; mỗi vòng lặp phải nằm trọn trong một dòng bảng hoặc trọn các đoạn văn${at}`,
      };
    case 'loop_position_invalid':
      return {
        tag: `{#${xtag}}`,
        message: `Vị trí vòng lặp "{#${xtag}}" không hợp lệ: thẻ mở và thẻ đóng phải cùng một dòng bảng hoặc ở các đoạn văn${at}`,
      };
    case 'raw_xml_tag_should_be_only_text_in_paragraph':
    case 'raw_tag_outerxml_invalid':
      return { tag: `{@${xtag}}`, message: `Thẻ "{@${xtag}}" (chèn XML) không được hỗ trợ${at}` };
    case 'file_has_invalid_xml':
    case 'malformed_xml':
    case 'invalid_xml_characters':
      return { message: `Tệp .docx bị hỏng: nội dung XML không hợp lệ${at}` };
    default:
      return { message: `Mẫu có lỗi không đọc được${xtag ? ` ở thẻ "${short(xtag)}"` : ''}${at}` };
  }
}

function compileErrors(e: unknown): XtError[] {
  const props = (e as XtError).properties;
  if (props?.id === 'multi_error' && props.errors) return props.errors;
  if (props?.id) return [e as XtError];
  throw e;
}

// --- the catalogue check ---

function checkParts(
  cat: TemplateCatalogue,
  parts: Part[],
  scope: string[],
  where: (offset: number | undefined) => string,
  found: Set<string>,
  problems: TemplateProblem[],
) {
  for (const part of parts) {
    if (part.type !== 'placeholder') continue;
    const at = where(part.offset);
    const key = part.value;
    if (part.module === 'rawxml') {
      problems.push({ tag: `{@${key}}`, message: `Thẻ "{@${key}}" (chèn XML) không được hỗ trợ${at}` });
      continue;
    }
    if (part.module && part.module !== 'loop') {
      problems.push({ tag: `{${key}}`, message: `Thẻ "{${key}}" không được hỗ trợ${at}` });
      continue;
    }
    const isLoop = part.module === 'loop';
    const shown = isLoop ? `{${part.inverted ? '^' : '#'}${key}}` : `{${key}}`;
    const problem = checkKey(cat, key, isLoop, shown, scope);
    if (problem) problems.push({ tag: shown, message: `${problem}${at}` });
    else found.add(isLoop && cat.loops[key] ? `#${key}` : key);
    if (isLoop && part.subparsed) {
      const inner = cat.loops[key] ? [...scope, key] : scope;
      checkParts(cat, part.subparsed, inner, where, found, problems);
    }
  }
}

/** Why a key cannot be used here, or null when it can. A section over a plain key shows its content when set. */
function checkKey(cat: TemplateCatalogue, key: string, isLoop: boolean, shown: string, scope: string[]): string | null {
  const names = loopNames(cat);
  const known = cat.placeholders;
  if (key.trim() === '') return `Thẻ rỗng "${shown}"`;
  if (key !== key.trim() && (known[key.trim()] || names.includes(key.trim()))) {
    return `Thẻ "${shown}" có khoảng trắng thừa; hãy viết "{${isLoop ? '#' : ''}${key.trim()}}"`;
  }
  if (!/^[A-Za-z0-9_.]+$/.test(key.trim())) {
    // A tag that swallowed the text after a missing "}" up to a later one: name the field it started with
    const started = [...Object.keys(known), ...names].filter((k) => key.trim().startsWith(k));
    const first = started.sort((a, b) => b.length - a.length)[0];
    if (first) return `Thẻ "{${isLoop ? '#' : ''}${first}" chưa được đóng (thiếu dấu "}")`;
    return `Thẻ "${short(shown, 60)}" không hợp lệ (tên trường chỉ gồm chữ không dấu, số, dấu chấm và gạch dưới)`;
  }
  const ownLoop = isLoop ? cat.loops[key] : undefined;
  if (ownLoop) {
    const within = ownLoop.within;
    if (within && !scope.includes(within))
      return `Vòng lặp "${shown}" chỉ dùng được bên trong vòng lặp {#${within}}…{/${within}}`;
    return null;
  }
  const entry = known[key];
  if (!entry) {
    const loopsText = names.map((l) => `{#${l}}`).join(', ');
    return isLoop
      ? `Vòng lặp "${shown}" không có trong danh mục (chỉ dùng ${loopsText} hoặc một trường có trong danh mục)`
      : `Trường "${shown}" không có trong danh mục trường trộn`;
  }
  const loop = cat.loopOfGroup[entry.group];
  if (loop && !scope.includes(loop)) return `Trường "${shown}" chỉ dùng được bên trong vòng lặp {#${loop}}…{/${loop}}`;
  return null;
}

/** Whole `{name}` tags of every paragraph whose name is not in the catalogue (when the template does not compile). */
function scanNames(cat: TemplateCatalogue, zip: PizZip, where: ReturnType<typeof locator>): TemplateProblem[] {
  const out: TemplateProblem[] = [];
  for (const file of zip.file(/^word\/(document|header\d*|footer\d*)\.xml$/).map((f) => f.name)) {
    for (const p of paragraphsOf(zip, file)) {
      for (const m of unescapeXml(p.text).matchAll(/\{([#^/]?)([A-Za-z0-9_.]+)\}/g)) {
        const [tag, sign, key = ''] = m;
        const known = sign ? Boolean(cat.loops[key] || cat.placeholders[key]) : Boolean(cat.placeholders[key]);
        if (known) continue;
        const what = sign ? 'Vòng lặp' : 'Trường';
        out.push({
          tag,
          message: `${what} "${tag}" không có trong danh mục trường trộn${where(file, p.start + (m.index ?? 0))}`,
        });
      }
    }
  }
  return out;
}

/** Every tag of the template and every problem, in Vietnamese, that would make it print wrong. */
export function inspectDocxTemplate(buf: Buffer, cat: TemplateCatalogue = CONTRACT_CATALOGUE): TemplateInspection {
  let zip: PizZip;
  try {
    zip = openDocx(buf);
  } catch (e) {
    if (e instanceof AppError) return { placeholders: [], problems: e.errors.map((x) => ({ message: x.message })) };
    throw e;
  }
  const where = locator(zip);
  const collect = new CollectModule();
  try {
    new (docxtemplater())(zip, { ...DOCX_OPTIONS, modules: [collect] });
  } catch (e) {
    // Compiling stops at the broken tags; the whole tags around them are still checked by name.
    const problems = compileErrors(e).map((err) => describeError(err, where));
    return { placeholders: [], problems: [...problems, ...scanNames(cat, zip, where)] };
  }
  const found = new Set<string>();
  const problems: TemplateProblem[] = [];
  for (const [file, parts] of Object.entries(collect.parts)) {
    checkParts(cat, parts, [], (offset) => where(file, offset), found, problems);
  }
  return { placeholders: [...found], problems };
}

/** The 422 a refused template answers with: one `errors` entry per problem. */
export function templateRefused(problems: TemplateProblem[], noun = 'Mẫu hợp đồng'): AppError {
  return new AppError(
    422,
    'TEMPLATE_INVALID',
    `${noun} có ${problems.length} lỗi, vui lòng sửa trong Word rồi tải lên lại.`,
    problems.map((p) => ({ field: 'file', message: p.message })),
  );
}

/** Fills a template; every value is a ready-formatted string. Throws a Vietnamese 422 when it cannot. */
export function renderDocxTemplate(buf: Buffer, data: Record<string, unknown>): Buffer {
  const zip = openDocx(buf);
  let doc: Docxtemplater;
  try {
    doc = new (docxtemplater())(zip, { ...DOCX_OPTIONS, nullGetter: () => '' });
  } catch (e) {
    const where = locator(zip);
    throw templateRefused(compileErrors(e).map((err) => describeError(err, where)));
  }
  try {
    doc.render(data);
  } catch (e) {
    const problems = compileErrors(e).map((err) => describeError(err, locator(zip)));
    throw new AppError(
      422,
      'TEMPLATE_RENDER_FAILED',
      'Không tạo được văn bản từ mẫu hợp đồng.',
      problems.map((p) => ({ field: 'template', message: p.message })),
    );
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/** Data for a preview: every catalogue sample, and sample rows for the loops. */
export function sampleTemplateData(cat: TemplateCatalogue = CONTRACT_CATALOGUE): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(cat.placeholders)) if (!cat.loopOfGroup[p.group]) data[key] = p.sample;
  // A nested loop's rows come with its outer loop's samples.
  for (const [loop, l] of Object.entries(cat.loops)) if (!l.within) data[loop] = l.samples.map((row) => ({ ...row }));
  return data;
}
