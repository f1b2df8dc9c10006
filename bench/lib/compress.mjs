// .br and .gz beside every text file of a built folder, as @esim/build's precompress() does for the site: the
// host (esim-host) serves precompressed files only, so the floor page and the single bundle go out like the site.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|json|html|css|svg|txt)$/;

export function precompressDir(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
