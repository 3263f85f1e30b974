#!/usr/bin/env node
// Lighthouse's performance audit of the built site, as a phone and as a desktop sees it.
//
//   node bench/lighthouse_bench.mjs [--site dist/site] [--pages index.html,play.html] [--runs 1]
//                                   [--form-factors mobile,desktop] [--throttling simulate|devtools] [--shifts]
//                                   [--json bench/out/lighthouse.json]
//
// It builds nothing: `make site` writes dist/site first (`make bench-browser` does both). The site is served by
// build/serve.py (brotli copies, the site's CSP and cache headers) on a free port, and each audit runs in a
// Chromium of its own (a fresh profile: empty HTTP cache, no service worker) that chrome-launcher (Lighthouse's
// own dependency) starts from CHROME_PATH (default /usr/bin/chromium) with --headless=new --no-sandbox
// --disable-gpu. Lighthouse's defaults apply otherwise: the mobile run emulates a Moto G Power (412x823) on a
// slow 4G line (1.6 Mbps, 150 ms) with a 4x slower CPU, simulated from an unthrottled load; the desktop run its
// desktop profile. `--throttling devtools` slows the load itself down instead, so that what comes late (a puzzle
// made once Pyodide is in) happens inside the audit.
//
// Prints, per page and form factor: the performance score, CLS, LCP, TBT and the bytes the page took
// (total-byte-weight); with --runs N, the median run (by score) and the ranges of the scores and of CLS (on a busy
// machine TBT, and with it the mobile score, varies from run to run; CLS does not). --shifts lists the elements
// that moved (Lighthouse's layout-shifts audit) under each row. Lighthouse is pinned at 12.2.3 in package.json
// (later ones need Node 22).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PAGES = ['index.html', 'play.html', 'batch.html', 'embed.html'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

function parseArgs(argv) {
  const args = { site: join(ROOT, 'dist', 'site'), pages: DEFAULT_PAGES, runs: 1, formFactors: ['mobile', 'desktop'],
    shifts: false, json: null, throttling: 'simulate' };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--site') args.site = resolve(value);
    else if (flag === '--pages') args.pages = value.split(',').filter(Boolean);
    else if (flag === '--runs') args.runs = Math.max(1, Number(value) || 1);
    else if (flag === '--form-factors') args.formFactors = value.split(',').filter(Boolean);
    else if (flag === '--json') args.json = resolve(value);
    else if (flag === '--throttling') args.throttling = value;
    else if (flag === '--shifts') { args.shifts = true; continue; }
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node bench/lighthouse_bench.mjs [--site DIR] [--pages a.html,b.html] [--runs N] '
        + '[--form-factors mobile,desktop] [--throttling simulate|devtools] [--shifts] [--json FILE]');
      process.exit(0);
    } else throw new Error(`unknown argument ${flag}`);
    i += 1;
  }
  for (const f of args.formFactors) {
    if (f !== 'mobile' && f !== 'desktop') throw new Error(`--form-factors takes mobile and desktop, not ${f}`);
  }
  return args;
}

/** build/serve.py on a free port; resolves to {url, stop} once it says where it listens. */
function serveSite(site) {
  const venvPython = join(ROOT, '.venv', 'bin', 'python');
  const python = existsSync(venvPython) ? venvPython : 'python3';
  const child = spawn(python, [join(ROOT, 'build', 'serve.py'), site, '--port', '0', '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveServer, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`build/serve.py exited (${code}) before serving`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/ at (http:\/\/\S+)/);
      if (found) resolveServer({ url: found[1], stop: () => child.kill() });
    });
  });
}

/** One audit in a Chromium of its own; returns the figures of the report. */
async function audit(url, formFactor, chromePath, throttlingMethod) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const value = (id) => lhr.audits[id]?.numericValue ?? null;
    const shiftItems = lhr.audits['layout-shifts']?.details?.items ?? [];
    return {
      score: lhr.categories.performance.score,
      cls: value('cumulative-layout-shift'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      fcpMs: value('first-contentful-paint'),
      bytes: value('total-byte-weight'),
      warnings: lhr.runWarnings,
      shifts: shiftItems.map((item) => ({ score: item.score, node: item.node?.snippet ?? item.node?.selector ?? '?' })),
    };
  } finally {
    await chrome.kill();
  }
}

const fmt = {
  score: (s) => (s === null || s === undefined ? '  -  ' : (s).toFixed(2)),
  cls: (v) => (v === null ? '-' : v.toFixed(3)),
  ms: (v) => (v === null ? '-' : `${(v / 1000).toFixed(1)} s`),
  tbt: (v) => (v === null ? '-' : `${Math.round(v)} ms`),
  mb: (v) => (v === null ? '-' : `${(v / 1e6).toFixed(2)} MB`),
};

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(join(args.site, 'index.html'))) {
    console.error(`${args.site} has no built site: run \`make site\` first.`);
    process.exit(2);
  }
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  const server = await serveSite(args.site);
  const rows = [];
  try {
    console.log(`Lighthouse 12.2.3, performance only, ${args.throttling} throttling, against ${args.site} served by `
      + `build/serve.py; ${args.runs} run(s) each, Chromium ${chromePath}`);
    console.log(`${'page'.padEnd(12)} ${'form'.padEnd(8)} ${'score'.padStart(5)} ${'CLS'.padStart(6)} `
      + `${'LCP'.padStart(7)} ${'TBT'.padStart(7)} ${'bytes'.padStart(9)}${args.runs > 1 ? '  ranges' : ''}`);
    for (const page of args.pages) {
      for (const formFactor of args.formFactors) {
        const runs = [];
        try {
          for (let r = 0; r < args.runs; r += 1) runs.push(await audit(server.url + page, formFactor, chromePath, args.throttling));
        } catch (error) { // said, and the other pages still audited
          console.log(`${page.padEnd(12)} ${formFactor.padEnd(8)} failed: ${error.message}`);
          process.exitCode = 1;
          continue;
        }
        const sorted = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
        const median = sorted[Math.floor((sorted.length - 1) / 2)];
        rows.push({ page, formFactor, median, runs });
        const clsRange = runs.map((run) => run.cls ?? 0).sort((a, b) => a - b);
        const range = args.runs > 1 ? `  ${fmt.score(sorted[0].score)}-${fmt.score(sorted.at(-1).score)}, `
          + `CLS ${fmt.cls(clsRange[0])}-${fmt.cls(clsRange.at(-1))}` : '';
        console.log(`${page.padEnd(12)} ${formFactor.padEnd(8)} ${fmt.score(median.score).padStart(5)} `
          + `${fmt.cls(median.cls).padStart(6)} ${fmt.ms(median.lcpMs).padStart(7)} ${fmt.tbt(median.tbtMs).padStart(7)} `
          + `${fmt.mb(median.bytes).padStart(9)}${range}`);
        for (const warning of median.warnings) console.log(`    warning: ${warning}`);
        if (args.shifts) {
          for (const shift of median.shifts) console.log(`    shift ${shift.score.toFixed(3)}: ${shift.node}`);
        }
      }
    }
  } finally {
    server.stop();
  }
  if (args.json) {
    mkdirSync(dirname(args.json), { recursive: true });
    writeFileSync(args.json, `${JSON.stringify({ site: args.site, rows }, null, 2)}\n`);
  }
}

main().catch((error) => {
  console.error(error.stack || String(error));
  process.exit(1);
});
