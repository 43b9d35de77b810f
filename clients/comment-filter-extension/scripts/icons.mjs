// The toolbar and store icons, drawn here: a speech bubble with a check mark, as PNGs by sharp.
import sharp from 'sharp';

export const ICON_SIZES = [16, 32, 48, 128];

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">
  <path d="M20 16h88a12 12 0 0 1 12 12v56a12 12 0 0 1-12 12H56l-26 22v-22H20A12 12 0 0 1 8 84V28a12 12 0 0 1 12-12z" fill="#1e8e5a"/>
  <path d="M38 56l18 18 34-34" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

/** Each size's PNG, keyed by file name under icons/. */
export async function drawIcons() {
  const entries = await Promise.all(
    ICON_SIZES.map(async (size) => [
      `${size}.png`,
      await sharp(Buffer.from(SVG), { density: Math.max(72, (72 * size) / 128) * 4 })
        .resize(size, size)
        .png()
        .toBuffer(),
    ]),
  );
  return Object.fromEntries(entries);
}
