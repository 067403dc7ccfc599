import { pizZip } from './lazy-deps';

/**
 * An image in a .docx: the media part, its relationship, the png content type, and the inline drawing that shows it.
 * `imageRun` is placed in a paragraph of the body; `withImage` adds the part to a built package (lib/docx-build.ts).
 */

const NS = {
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  wp: 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  pic: 'http://schemas.openxmlformats.org/drawingml/2006/picture',
};
const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
/** English Metric Units per centimetre. */
export const EMU_PER_CM = 360_000;

/** The run drawing the image of relationship `rId`, `cm` centimetres square. */
export function imageRun(rId: string, cm: number, opts: { id: number; name: string; description: string }): string {
  const e = Math.round(cm * EMU_PER_CM);
  const name = opts.name.replace(/[<>&"]/g, '');
  const descr = opts.description.replace(/[<>&"]/g, '');
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${e}" cy="${e}"/>` +
    `<wp:docPr id="${opts.id}" name="${name}" descr="${descr}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    `<a:graphic><a:graphicData uri="${NS.pic}"><pic:pic><pic:nvPicPr><pic:cNvPr id="${opts.id}" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${e}" cy="${e}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
  );
}

/**
 * The package with `word/media/<file>` holding `png` under relationship `rId`, the drawing namespaces declared on the
 * document's root, and png typed. Calling it again on its output with the same names replaces only the image bytes.
 */
export function withImage(docx: Buffer, rId: string, file: string, png: Buffer): Buffer {
  const zip = new (pizZip())(docx);
  const at = { date: new Date('2026-01-01T00:00:00Z') };
  const types = zip.file('[Content_Types].xml')?.asText() ?? '';
  if (!/Extension="png"/.test(types))
    zip.file(
      '[Content_Types].xml',
      types.replace('<Default Extension="xml"', '<Default Extension="png" ContentType="image/png"/><Default Extension="xml"'),
      at,
    );
  const rels = zip.file('word/_rels/document.xml.rels')?.asText() ?? '';
  if (!rels.includes(`Id="${rId}"`))
    zip.file(
      'word/_rels/document.xml.rels',
      rels.replace('</Relationships>', `<Relationship Id="${rId}" Type="${IMAGE_REL}" Target="media/${file}"/></Relationships>`),
      at,
    );
  const doc = zip.file('word/document.xml')?.asText() ?? '';
  // Only the prefixes the root does not declare yet: a Word-made document already declares some (r, wp).
  const root = /<w:document\b[^>]*>/.exec(doc)?.[0] ?? '';
  const decl = Object.entries(NS)
    .filter(([p]) => !root.includes(`xmlns:${p}=`))
    .map(([p, uri]) => `xmlns:${p}="${uri}"`)
    .join(' ');
  if (decl) zip.file('word/document.xml', doc.replace('<w:document ', `<w:document ${decl} `), at);
  zip.file(`word/media/${file}`, png, { ...at, binary: true });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
