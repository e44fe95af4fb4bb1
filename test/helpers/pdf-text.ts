import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as its reader would copy it, page by page in drawing order, for tests: enough
 * of the format for what pdfkit writes (Flate streams, Type0 fonts with Identity-H glyph ids and
 * a ToUnicode map, text shown with Tj/TJ). Each shown string becomes one item; items that
 * `continued` on one line stay separate, so match with `join('')` or `toContain` on the items.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: Buffer | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(match[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = match.index + match[0].indexOf(body) + streamAt + 'stream'.length + (body[streamAt + 6] === '\r' ? 2 : 1);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const raw = pdf.subarray(start, start + length);
    objects.set(match[1]!, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }

  const cmapOf = (ref: string) => {
    const map = new Map<number, string>();
    const text = objects.get(ref)?.stream?.toString('latin1') ?? '';
    const hexText = (hex: string) => String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
    for (const [, block] of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, from, to, target] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
        const first = parseInt(from!, 16);
        const last = parseInt(to!, 16);
        if (target!.startsWith('[')) [...target!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach(([, hex], index) => map.set(first + index, hexText(hex!)));
        else for (let code = first; code <= last; code += 1) map.set(code, String.fromCharCode(parseInt(target!.slice(1, -1).replace(/\s/g, ''), 16) + code - first));
      }
    }
    for (const [, block] of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, target] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(code!, 16), hexText(target!));
    }
    return map;
  };

  const items: string[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Page\b/.test(dict)) continue;
    const fonts = new Map<string, Map<number, string>>();
    const resourcesRef = /\/Resources (\d+) 0 R/.exec(dict)?.[1];
    const resources = resourcesRef ? (objects.get(resourcesRef)?.dict ?? '') : dict;
    const fontBlock = /\/Font <<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    for (const [, name, ref] of fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref!)?.dict ?? '')?.[1];
      fonts.set(name!, toUnicode ? cmapOf(toUnicode) : new Map());
    }
    const contentRefs = [.../\/Contents (?:\[([^\]]*)\]|(\d+) 0 R)/.exec(dict)!.slice(1).join(' ').matchAll(/(\d+)/g)].map((m) => m[1]!);
    for (const ref of contentRefs) {
      const content = objects.get(ref)?.stream?.toString('latin1') ?? '';
      let font = new Map<number, string>();
      for (const [, fontName, shown] of content.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
        if (fontName) {
          font = fonts.get(fontName) ?? new Map();
          continue;
        }
        const text = [...shown!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .flatMap(([, hex]) => hex!.match(/.{4}/g) ?? [])
          .map((code) => font.get(parseInt(code, 16)) ?? '\uFFFD')
          .join('');
        items.push(text);
      }
    }
  }
  return items;
}
