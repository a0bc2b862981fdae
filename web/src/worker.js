// The playground's worker: mtgc's checker, interpreter and conformance
// runner (cmd/mtgc-wasm) on an in-memory file system. The page sends
// {init: WebAssembly.Module} once, then {id, op, args}; the worker answers
// {id, result} (the JSON text mtgc returns) or {id, error}. The page runs
// each script in a worker of its own and terminates it if it runs past
// its limits: nothing a script does can hang the page.

import { installMemFS } from "./memfs.js";

const log = [];
installMemFS(self, {
  stdout: (s) => log.push(s),
  stderr: (s) => log.push(s),
});
importScripts("wasm_exec.js");

let ready;

async function init(module) {
  const go = new self.Go();
  const started = new Promise((resolve) => { self.mtgcReady = resolve; });
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance).then(() => postMessage({ exited: true, log: log.join("\n") }));
  await started;
}

self.onmessage = async (ev) => {
  const msg = ev.data;
  if (msg.init) {
    ready = init(msg.init);
    try {
      await ready;
      postMessage({ ready: true });
    } catch (err) {
      postMessage({ ready: false, error: String(err) });
    }
    return;
  }
  try {
    await ready;
    const result = await self.mtgc[msg.op](...msg.args);
    postMessage({ id: msg.id, result });
  } catch (err) {
    postMessage({ id: msg.id, error: String(err) });
  }
};
