// The client suites' environment: jest-fixed-jsdom, with jsdom's CSS selector engine (nwsapi) keeping more
// compiled selectors.
//
// Testing Library's role queries ask getComputedStyle about each element they look at, and jsdom answers by
// matching every rule of every style sheet against it. MUI's emotion styles give a suite's document well over
// a thousand rules, and nwsapi keeps its compiled selectors in an LRU of 1,000: walking the rules in order
// evicted each selector just before it was needed again, so every match compiled its selector anew (half the
// CPU of GenerationPanel.test.tsx went to nwsapi). With room for 50,000 the same suite takes 56 s of CPU
// instead of 140 s. The limit is a constant inside nwsapi, so its source is loaded here with the constant
// changed, before jsdom asks for it; if nwsapi ever words it differently the suites only run slower.
// A CommonJS file: jest loads it before any transform, and it has to reach require.cache.
/* eslint-disable @typescript-eslint/no-require-imports */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const COMPILED_SELECTORS = 50_000;

function loadRoomierNwsapi() {
  const jsdomDir = path.dirname(
    require.resolve('jsdom/package.json', { paths: [require.resolve('jest-environment-jsdom')] }),
  );
  const file = require.resolve('nwsapi', { paths: [jsdomDir] });
  if (require.cache[file]) return;
  const source = fs.readFileSync(file, 'utf8');
  const patched = source.replace(/\bCACHE_LIMIT = \d+/, `CACHE_LIMIT = ${COMPILED_SELECTORS}`);
  if (patched === source) return;
  const loaded = new Module(file, module);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(path.dirname(file));
  loaded._compile(patched, file);
  loaded.loaded = true;
  require.cache[file] = loaded;
}

loadRoomierNwsapi();
module.exports = require('jest-fixed-jsdom');
