// The page's Web Worker: the engine's module (createGrundyEngine, made by emscripten, comes just
// before this script in the same worker) answers the page's requests one at a time, off the page's
// main thread. Messages in: {id, request}; out: {ready}, {id, progress: {label, done, total}},
// {id, reply: JSON text, ms}, or {id, failed: message} when the module itself stopped (then the
// page starts a new worker). The page stops a long request by ending this worker.
'use strict';
let engine = null;
let current = 0;
const waiting = [];

function answer(message) {
  current = message.id;
  const started = performance.now();
  try {
    const reply = engine.ccall('grundy_request', 'string', ['string'], [JSON.stringify(message.request)]);
    postMessage({id: message.id, reply: reply, ms: performance.now() - started});
  } catch (e) {
    // An abort of the WebAssembly (out of memory past the browser's limit, say): the module
    // cannot be used again.
    postMessage({id: message.id, failed: String(e && e.message ? e.message : e)});
  }
}

onmessage = (event) => {
  if (engine) answer(event.data);
  else waiting.push(event.data);
};

createGrundyEngine({
  onProgress: (label, done, total) => {
    postMessage({id: current, progress: {label: label, done: done, total: total}});
  },
  print: () => {},
  printErr: () => {},
}).then((module) => {
  engine = module;
  postMessage({ready: true});
  while (waiting.length) answer(waiting.shift());
}, (e) => {
  postMessage({id: 0, failed: String(e && e.message ? e.message : e)});
});
