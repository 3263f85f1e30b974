// Pre-compressed copies for the static host: node build/compress.mjs <cache dir> <file>...
//
// Writes <file>.br (brotli, quality 11, large window) and <file>.gz (gzip -9) beside each file, when the
// copy is at least 10% smaller. Python's standard library has no brotli encoder; Node's zlib has. Copies are
// kept in <cache dir> by the file's sha256, so a rebuild does not spend ~30 s re-compressing the unchanged
// 9.6 MB wasm. Prints one JSON line: {file: {raw, br, gz}} (null for a copy not written).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const [cacheDir, ...files] = process.argv.slice(2);
mkdirSync(cacheDir, { recursive: true });
const coders = {
  br: (data) => brotliCompressSync(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  } }),
  gz: (data) => gzipSync(data, { level: 9 }),
};
const sizes = {};
for (const file of files) {
  const data = readFileSync(file);
  const digest = createHash('sha256').update(data).digest('hex');
  sizes[file] = { raw: data.length };
  for (const [suffix, code] of Object.entries(coders)) {
    const cached = join(cacheDir, `${digest}.${suffix}`);
    if (!existsSync(cached)) {
      writeFileSync(`${cached}.tmp`, code(data));
      renameSync(`${cached}.tmp`, cached); // never a half-written cache entry
    }
    const body = readFileSync(cached);
    const worth = body.length < data.length * 0.9;
    if (worth) writeFileSync(`${file}.${suffix}`, body);
    sizes[file][suffix] = worth ? body.length : null;
  }
}
console.log(JSON.stringify(sizes));
