// The ruling lines read from cairo's SVG of a page, and pdftotext's words put in reading order.
// The SVG here is written as pdftocairo writes it (glyph symbols in <defs>, clip paths, paths
// with a transform matrix inside groups); digital-tables.spec.ts runs the real tools on real PDFs.
import { logicalWord, parseBboxLayout } from './poppler-layout.js';
import { parsePathData, svgRulingLines } from './svg-lines.js';

const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="792pt" height="612pt" viewBox="0 0 792 612" version="1.2">
<defs>
<g>
<symbol overflow="visible" id="glyph0-1">
<path style="stroke:none;" d="M 0 0 L 40 0 L 40 -1 L 0 -1 Z"/>
</symbol>
</g>
<clipPath id="clip1">
  <path d="M 10 10 L 500 10 L 500 20 L 10 20 Z"/>
</clipPath>
</defs>
<g id="surface1">
<path style="fill:none;stroke-width:0.6;stroke:rgb(0%,0%,0%);" d="M 50 76 L 375 76 " transform="matrix(2,0,0,2,0,1)"/>
<g transform="matrix(1,0,0,-1,0,600)">
<path style="fill:none;stroke-width:8;stroke:rgb(0%,0%,0%);" d="M 100 100 L 100 300 "/>
</g>
<path style=" stroke:none;fill-rule:nonzero;fill:rgb(0%,0%,0%);fill-opacity:1;" d="M 60 400 L 460 400 L 460 401 L 60 401 Z M 60 400 "/>
<path style=" stroke:none;fill:rgb(100%,100%,100%);" d="M 20 450 L 20 500 L 300 500 L 300 450 Z"/>
<path style="fill:none;stroke:rgb(0%,0%,0%);" d="M 10 550 C 20 560 30 560 40 550 L 200 550.4"/>
<path style="fill:none;stroke:rgb(0%,0%,0%);" d="M 600 100 L 700 180"/>
<g clip-path="url(#clip1)"><use xlink:href="#glyph0-1" x="5" y="5"/></g>
</g>
</svg>`;

describe('ruling lines from the SVG of a page', () => {
  it('reads the size and every kind of rule, in page coordinates, and nothing else', () => {
    const { width, height, lines } = svgRulingLines(svg);
    expect({ width, height }).toEqual({ width: 792, height: 612 });
    expect(lines).toEqual([
      // A stroked line under its own matrix.
      { x0: 100, y0: 153, x1: 750, y1: 153 },
      // A stroked line under its group's matrix (y flipped).
      { x0: 100, y0: 300, x1: 100, y1: 500 },
      // A thin filled bar as its centre line.
      { x0: 60, y0: 400.5, x1: 460, y1: 400.5 },
      // A filled box as its four edges.
      { x0: 20, y0: 450, x1: 20, y1: 500 },
      { x0: 20, y0: 500, x1: 300, y1: 500 },
      { x0: 300, y0: 450, x1: 300, y1: 500 },
      { x0: 20, y0: 450, x1: 300, y1: 450 },
      // The straight part after a curve (the curve is no rule); the slanted line is none either.
      { x0: 40, y0: 550.2, x1: 200, y1: 550.2 },
    ]);
  });

  it('reads relative and shorthand path commands', () => {
    expect(parsePathData('m 10 10 h 20 v 5 l -20 0 z M 1 1 H 3 V 4')).toEqual([
      {
        points: [
          [10, 10],
          [30, 10],
          [30, 15],
          [10, 15],
        ],
        closed: true,
      },
      {
        points: [
          [1, 1],
          [3, 1],
          [3, 4],
        ],
        closed: false,
      },
    ]);
  });
});

describe("pdftotext's words", () => {
  it('puts a right-to-left word in reading order, its numbers kept and its brackets mirrored', () => {
    expect(logicalWord('םולש')).toBe('שלום');
    expect(logicalWord('(2)שפנל')).toBe('לנפש(2)');
    expect(logicalWord('(םימולהי')).toBe('יהלומים)');
    expect(logicalWord(':2014-ב')).toBe('ב-2014:');
    expect(logicalWord('Total')).toBe('Total');
  });

  it('reads each page and its words, unescaped', () => {
    const xhtml = `<doc>
  <page width="612.000000" height="792.000000">
    <flow><block><line>
      <word xMin="10.5" yMin="20.25" xMax="30.75" yMax="28.125">R&amp;D</word>
      <word xMin="40" yMin="20" xMax="60" yMax="28">ךס</word>
    </line></block></flow>
  </page>
  <page width="612.000000" height="792.000000">
  </page>
</doc>`;
    expect(parseBboxLayout(xhtml)).toEqual([
      {
        width: 612,
        height: 792,
        words: [
          { text: 'R&D', x0: 10.5, y0: 20.25, x1: 30.75, y1: 28.13 },
          { text: 'סך', x0: 40, y0: 20, x1: 60, y1: 28 },
        ],
      },
      { width: 612, height: 792, words: [] },
    ]);
  });
});
