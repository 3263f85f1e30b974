// Pre-compressed copies for the static host: node build/compress.mjs <cache dir> <file>...
//
// Writes <file>.br (brotli, quality 11, large window) and <file>.gz (gzip -9) beside each file, when the
// copy is at least 10% smaller. Python's standard library has no brotli encoder; Node's zlib has. Copies are
// kept in <cache dir> by the file's sha256, so a rebuild does not spend ~30 s re-compressing the unchanged
// 9.6 MB wasm. The coders run on libuv's thread pool, every file at once: a fresh build's ~40 s of one core
// become the wasm's ~30 s while the rest share the other cores. Prints one JSON line: {file: {raw, br, gz}}
// (null for a copy not written).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const [cacheDir, ...files] = process.argv.slice(2);
mkdirSync(cacheDir, { recursive: true });
const coders = {
  br: (data) => promisify(brotliCompress)(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  } }),
  gz: (data) => promisify(gzip)(data, { level: 9 }),
};
const sizes = {};
async function copies(file) {
  const data = readFileSync(file);
  const digest = createHash('sha256').update(data).digest('hex');
  sizes[file] = { raw: data.length };
  await Promise.all(Object.entries(coders).map(async ([suffix, code]) => {
    const cached = join(cacheDir, `${digest}.${suffix}`);
    if (!existsSync(cached)) {
      writeFileSync(`${cached}.tmp`, await code(data));
      renameSync(`${cached}.tmp`, cached); // never a half-written cache entry
    }
    const body = readFileSync(cached);
    const worth = body.length < data.length * 0.9;
    if (worth) writeFileSync(`${file}.${suffix}`, body);
    sizes[file][suffix] = worth ? body.length : null;
  }));
}
await Promise.all(files.map(copies));
console.log(JSON.stringify(Object.fromEntries(files.map((file) => [file, sizes[file]]))));
