// Zips the built extension for the Chrome Web Store (which takes a .zip with manifest.json at its
// root): packed/comment-filter-extension-<version>.zip. Build first (`npm run build`). Written
// with node's zlib (deflate), entries sorted and dated 1980-01-01, so one build packs the same
// bytes every time.
//   node scripts/pack.mjs [--dist DIR] [--out FILE]
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? path.resolve(process.argv[at + 1]) : fallback;
};
const dist = flag('--dist', path.join(root, 'dist'));
const manifestPath = path.join(dist, 'manifest.json');
let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch {
  console.error(
    `No built extension in ${dist}: run \`npm run build -w comment-filter-extension\`.`,
  );
  process.exit(1);
}
const out = flag(
  '--out',
  path.join(root, 'packed', `comment-filter-extension-${manifest.version}.zip`),
);

/** Every file under `dir`, as forward-slash paths relative to it, sorted. */
function filesOf(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const relative = `${prefix}${entry.name}`;
      if (entry.isDirectory()) return filesOf(path.join(dir, entry.name), `${relative}/`);
      return entry.isFile() ? [relative] : [];
    })
    .sort();
}

const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01
const DOS_TIME = 0;
const locals = [];
const centrals = [];
let offset = 0;
for (const name of filesOf(dist)) {
  const data = readFileSync(path.join(dist, name));
  const deflated = deflateRawSync(data, { level: 9 });
  const nameBytes = Buffer.from(name, 'utf8');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed: deflate
  local.writeUInt16LE(0x0800, 6); // UTF-8 names
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(DOS_TIME, 10);
  local.writeUInt16LE(DOS_DATE, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(DOS_TIME, 12);
  central.writeUInt16LE(DOS_DATE, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  central.writeUInt32LE(offset, 42);
  locals.push(local, nameBytes, deflated);
  centrals.push(central, nameBytes);
  offset += local.length + nameBytes.length + deflated.length;
}
const directory = Buffer.concat(centrals);
const end = Buffer.alloc(22);
end.writeUInt32LE(0x06054b50, 0);
end.writeUInt16LE(centrals.length / 2, 8);
end.writeUInt16LE(centrals.length / 2, 10);
end.writeUInt32LE(directory.length, 12);
end.writeUInt32LE(offset, 16);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([...locals, directory, end]));
console.log(
  `Packed ${centrals.length / 2} files into ${path.relative(process.cwd(), out)} (${(statSync(out).size / 1024).toFixed(0)} KB)`,
);
