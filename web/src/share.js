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

// The limits of a link: its fragment's length, and what it inflates to (a
// few kilobytes of deflate expand a thousandfold: a link is untrusted).
export const MAX_FRAGMENT = 256 << 10;
export const MAX_INFLATED = 4 << 20;

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

// inflate reads the inflated bytes chunk by chunk and stops at max.
async function inflate(bytes, max) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > max) {
      await reader.cancel();
      throw new Error(`the link inflates to more than ${max >> 20} MiB: refused`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

// A file name a link may carry: a plain name of the edition's directory.
// Names an object's prototype answers to (constructor, toString,
// __proto__) are refused, and the page looks files up with Object.hasOwn.
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const fileName = (k) => typeof k === "string" && FILE_NAME.test(k) && !(k in Object.prototype);

// encodeShare returns the fragment for a state {edition, files, script, open}.
export async function encodeShare(state) {
  const json = JSON.stringify({ v: 1, e: state.edition, f: state.files, s: state.script, o: state.open });
  return PREFIX + toBase64URL(await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw")));
}

// decodeShare returns the state of a fragment, or null if it holds none; it
// throws, with a message for the page, on a link too long, inflating past
// MAX_INFLATED, or not of this version.
export async function decodeShare(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  if (hash.length > MAX_FRAGMENT) throw new Error(`the link is ${hash.length} characters long, more than ${MAX_FRAGMENT}: refused`);
  const bytes = await inflate(fromBase64URL(hash.slice(PREFIX.length)), MAX_INFLATED);
  const obj = JSON.parse(new TextDecoder().decode(bytes));
  if (obj === null || typeof obj !== "object" || Array.isArray(obj) || obj.v !== 1 || typeof obj.e !== "string") {
    throw new Error("not a playground link of this version");
  }
  const files = Object.create(null);
  const f = obj.f !== null && typeof obj.f === "object" && !Array.isArray(obj.f) ? obj.f : {};
  for (const k of Object.keys(f)) {
    if (fileName(k) && typeof f[k] === "string") files[k] = f[k];
  }
  const open = fileName(obj.o) ? obj.o : "";
  return { edition: obj.e, files, script: typeof obj.s === "string" ? obj.s : "", open };
}
