import type PizZip from 'pizzip';
import { pizZip } from './lazy-deps';

/** Builds small WordprocessingML documents in code: the sample contract template and test fixtures. */

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface RunStyle {
  bold?: boolean;
  italic?: boolean;
  /** Half-points, as Word stores them (26 = 13 pt). */
  size?: number;
}
export interface ParagraphStyle extends RunStyle {
  align?: 'left' | 'center' | 'right' | 'both';
  /** Space after, in twentieths of a point. */
  after?: number;
  indentFirst?: number;
}

const runProps = (s: RunStyle) =>
  `${s.bold ? '<w:b/><w:bCs/>' : ''}${s.italic ? '<w:i/><w:iCs/>' : ''}${s.size ? `<w:sz w:val="${s.size}"/><w:szCs w:val="${s.size}"/>` : ''}`;

/** One run of text; a run may mix styles with others in the same paragraph. */
export const run = (text: string, style: RunStyle = {}) => {
  const rPr = runProps(style);
  return `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
};

/** A paragraph of runs (plain strings become unstyled runs). */
export const paragraph = (content: string | (string | { text: string; style: RunStyle })[], style: ParagraphStyle = {}) => {
  const runs = (Array.isArray(content) ? content : [content])
    .map((c) => (typeof c === 'string' ? run(c, style) : run(c.text, { ...style, ...c.style })))
    .join('');
  // In the schema's order (spacing, ind, jc): Word refuses a paragraph whose properties are out of order.
  const pPr = [
    style.after !== undefined ? `<w:spacing w:after="${style.after}"/>` : '',
    style.indentFirst ? `<w:ind w:firstLine="${style.indentFirst}"/>` : '',
    style.align ? `<w:jc w:val="${style.align}"/>` : '',
  ].join('');
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${runs}</w:p>`;
};

/** A table with borders; widths in twentieths of a point, one per column; each cell is paragraph XML. */
export const table = (widths: number[], rows: string[][]) => {
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('');
  const grid = widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
  const body = rows
    .map(
      (cells) =>
        `<w:tr>${cells.map((cell, i) => `<w:tc><w:tcPr><w:tcW w:w="${widths[i]}" w:type="dxa"/></w:tcPr>${cell}</w:tc>`).join('')}</w:tr>`,
    )
    .join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="${widths.reduce((a, b) => a + b, 0)}" w:type="dxa"/><w:tblBorders>${borders}</w:tblBorders></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
};

/** A table without borders (signature blocks, national motto). */
export const plainTable = (widths: number[], rows: string[][]) =>
  table(widths, rows).replace(/<w:tblBorders>.*?<\/w:tblBorders>/, '<w:tblBorders/>');

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const styles = (font: string, size: number) =>
  `${XML_HEAD}<w:styles xmlns:w="${W_NS}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:eastAsia="${font}" w:cs="${font}"/><w:sz w:val="${size}"/><w:szCs w:val="${size}"/><w:lang w:val="vi-VN"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="60" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`;

/** A4 portrait, margins 2 cm (left 3 cm, as Vietnamese administrative documents use). */
const A4_SECTION =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1701" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr>';

const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** A whole .docx package around the given body XML: Times New Roman 13 on A4 unless told otherwise. */
export function buildDocx(bodyXml: string, opts: { font?: string; size?: number } = {}): Buffer {
  const zip = new (pizZip())();
  // A fixed date: the same body always gives the same bytes.
  const at = { date: FIXED_DATE };
  zip.file('[Content_Types].xml', CONTENT_TYPES, at);
  zip.file('_rels/.rels', ROOT_RELS, at);
  zip.file('word/_rels/document.xml.rels', DOCUMENT_RELS, at);
  zip.file('word/styles.xml', styles(opts.font ?? 'Times New Roman', opts.size ?? 26), at);
  zip.file(
    'word/document.xml',
    `${XML_HEAD}<w:document xmlns:w="${W_NS}"><w:body>${bodyXml}${A4_SECTION}</w:body></w:document>`,
    at,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The visible text of a .docx, one line per paragraph (tests and previews). */
export function docxText(buf: Buffer): string {
  const xml = new (pizZip())(buf).file('word/document.xml')?.asText() ?? '';
  return xml
    .split(/<\/w:p>/)
    .map((p) =>
      [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:br\/>|<w:tab\/>/g)]
        .map((m) => (m[0] === '<w:br/>' ? '\n' : m[0] === '<w:tab/>' ? '\t' : unescapeXml(m[1] ?? '')))
        .join(''),
    )
    .filter((line, i, all) => line !== '' || i < all.length - 1)
    .join('\n');
}

export const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
