// node --test: share links are untrusted input (docs/security.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeShare, decodeShare, MAX_FRAGMENT, MAX_INFLATED } from "../src/share.js";

async function link(obj) {
  // A link made by hand: any JSON, deflated as the page deflates.
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  const out = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const z = new Uint8Array(await new Response(out).arrayBuffer());
  let s = "";
  for (const b of z) s += String.fromCharCode(b);
  return "#s=" + btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

test("a link round-trips", async () => {
  const state = { edition: "cr2025", files: { "turn.mtg": "# edited\n" }, script: "# rules: 502.3\n", open: "turn.mtg" };
  const got = await decodeShare(await encodeShare(state));
  assert.deepEqual({ ...got, files: { ...got.files } }, state);
});

test("a link inflating past the cap is refused", async () => {
  const big = await link({ v: 1, e: "cr2025", f: { "turn.mtg": "a".repeat(MAX_INFLATED + 1) } });
  assert.ok(big.length < MAX_FRAGMENT, `the bomb is short (${big.length})`);
  await assert.rejects(decodeShare(big), /inflates to more than/);
});

test("a link longer than the cap is refused before inflating", async () => {
  await assert.rejects(decodeShare("#s=" + "A".repeat(MAX_FRAGMENT)), /characters long/);
});

test("prototype names are never files", async () => {
  const got = await decodeShare(await link({ v: 1, e: "cr2025", o: "__proto__", f: { constructor: "x", toString: "y", "__proto__": "z", "../turn.mtg": "w", "turn.mtg": "ok" } }));
  assert.deepEqual(Object.keys(got.files), ["turn.mtg"]);
  assert.equal(got.open, "");
  assert.equal(Object.hasOwn(got.files, "constructor"), false);
  const ctor = await decodeShare(await link({ v: 1, e: "cr2025", o: "constructor" }));
  assert.equal(ctor.open, "");
});

test("not a link of this version", async () => {
  for (const bad of [null, [], 7, { v: 2, e: "cr2025" }, { v: 1 }]) {
    await assert.rejects(decodeShare(await link(bad)), /not a playground link/);
  }
  assert.equal(await decodeShare("#other"), null);
});
