// Share links: the edited files (those that differ from the edition's
// embedded ones), the script and the edition, as deflated JSON in the URL
// fragment (#s=...). The fragment never reaches a server; nothing is
// stored anywhere.

const PREFIX = "#s=";

function toBase64URL(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64URL(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

// encodeShare returns the fragment for a state {edition, files, script, open}.
export async function encodeShare(state) {
  const json = JSON.stringify({ v: 1, e: state.edition, f: state.files, s: state.script, o: state.open });
  return PREFIX + toBase64URL(await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw")));
}

// decodeShare returns the state of a fragment, or null if it holds none.
export async function decodeShare(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  const bytes = await pipe(fromBase64URL(hash.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
  const obj = JSON.parse(new TextDecoder().decode(bytes));
  if (obj.v !== 1 || typeof obj.e !== "string") throw new Error("not a playground link of this version");
  const files = {};
  for (const [k, v] of Object.entries(obj.f || {})) {
    if (typeof v === "string") files[k] = v;
  }
  return { edition: obj.e, files, script: typeof obj.s === "string" ? obj.s : "", open: typeof obj.o === "string" ? obj.o : "" };
}
