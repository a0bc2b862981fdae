// An in-memory file system with the part of Node's callback fs API that
// Go's js/wasm port calls (syscall/fs_js.go), and the process and path
// objects it reads. Installed on globalThis before wasm_exec.js runs, it
// replaces wasm_exec.js's stub (which fails every call but writes to fds 1
// and 2): the conformance runner writes each script to a scratch directory
// under /tmp and testscript works there. Nothing leaves the worker's
// memory; everything is gone with the worker.

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

function fsError(code, syscall, path) {
  const err = new Error(`${code}: ${syscall} ${path ?? ""}`);
  err.code = code;
  return err;
}

function normalize(cwd, p) {
  const parts = [];
  const full = p.startsWith("/") ? p : cwd + "/" + p;
  for (const seg of full.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return "/" + parts.join("/");
}

export function installMemFS(scope, { stdout = console.log, stderr = console.warn } = {}) {
  let cwd = "/";
  let ino = 1;
  const now = () => Date.now();
  const newNode = (mode, isDir) => {
    const t = now();
    return { ino: ino++, mode, isDir, data: new Uint8Array(0), size: 0, entries: isDir ? new Map() : null, atimeMs: t, mtimeMs: t, ctimeMs: t };
  };
  const root = newNode(S_IFDIR | 0o755, true);
  const fds = new Map(); // fd -> {node, pos, flags, path}
  let nextFd = 3;

  const lookup = (path) => {
    const abs = normalize(cwd, path);
    let node = root;
    for (const seg of abs.split("/").filter(Boolean)) {
      if (!node.isDir) return { error: "ENOTDIR" };
      node = node.entries.get(seg);
      if (!node) return { error: "ENOENT" };
    }
    return { node, abs };
  };
  const parentOf = (path) => {
    const abs = normalize(cwd, path);
    const i = abs.lastIndexOf("/");
    const dir = abs.slice(0, i) || "/";
    const name = abs.slice(i + 1);
    const r = lookup(dir);
    if (r.error) return r;
    if (!r.node.isDir) return { error: "ENOTDIR" };
    return { dir: r.node, name, abs };
  };
  const stat = (node) => ({
    dev: 1, ino: node.ino, mode: node.mode, nlink: 1, uid: 0, gid: 0, rdev: 0,
    size: node.isDir ? 4096 : node.size, blksize: 4096, blocks: Math.ceil(node.size / 512),
    atimeMs: node.atimeMs, mtimeMs: node.mtimeMs, ctimeMs: node.ctimeMs,
    isDirectory() { return node.isDir; },
  });
  const grow = (node, size) => {
    if (size <= node.data.length) return;
    const next = new Uint8Array(Math.max(size, node.data.length * 2, 64));
    next.set(node.data.subarray(0, node.size));
    node.data = next;
  };
  const decoder = new TextDecoder();
  const lineBufs = { 1: "", 2: "" };
  const writeConsole = (fd, buf) => {
    lineBufs[fd] += decoder.decode(buf);
    const nl = lineBufs[fd].lastIndexOf("\n");
    if (nl !== -1) {
      (fd === 1 ? stdout : stderr)(lineBufs[fd].substring(0, nl));
      lineBufs[fd] = lineBufs[fd].substring(nl + 1);
    }
    return buf.length;
  };

  const C = { O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
  const ok = (cb, v) => cb(null, v);
  const fail = (cb, code, sys, p) => cb(fsError(code, sys, p));

  const fs = {
    constants: C,
    writeSync(fd, buf) {
      if (fd === 1 || fd === 2) return writeConsole(fd, buf);
      throw fsError("EBADF", "write");
    },
    write(fd, buf, offset, length, position, cb) {
      if (fd === 1 || fd === 2) return ok(cb, writeConsole(fd, buf.subarray(offset, offset + length)));
      const f = fds.get(fd);
      if (!f) return fail(cb, "EBADF", "write");
      if (f.node.isDir) return fail(cb, "EISDIR", "write", f.path);
      let pos = position ?? ((f.flags & C.O_APPEND) ? f.node.size : f.pos);
      grow(f.node, pos + length);
      f.node.data.set(buf.subarray(offset, offset + length), pos);
      f.node.size = Math.max(f.node.size, pos + length);
      f.node.mtimeMs = now();
      if (position === null || position === undefined) f.pos = pos + length;
      ok(cb, length);
    },
    read(fd, buf, offset, length, position, cb) {
      const f = fds.get(fd);
      if (!f) return fail(cb, "EBADF", "read");
      if (f.node.isDir) return fail(cb, "EISDIR", "read", f.path);
      const pos = position ?? f.pos;
      const n = Math.max(0, Math.min(length, f.node.size - pos));
      buf.set(f.node.data.subarray(pos, pos + n), offset);
      if (position === null || position === undefined) f.pos = pos + n;
      ok(cb, n);
    },
    open(path, flags, mode, cb) {
      let r = lookup(path);
      if (r.error === "ENOENT" && (flags & C.O_CREAT)) {
        const p = parentOf(path);
        if (p.error) return fail(cb, p.error, "open", path);
        const node = newNode(S_IFREG | (mode & 0o777), false);
        p.dir.entries.set(p.name, node);
        r = { node, abs: p.abs };
      } else if (r.error) {
        return fail(cb, r.error, "open", path);
      } else if ((flags & C.O_CREAT) && (flags & C.O_EXCL)) {
        return fail(cb, "EEXIST", "open", path);
      }
      if ((flags & C.O_DIRECTORY) && !r.node.isDir) return fail(cb, "ENOTDIR", "open", path);
      if (r.node.isDir && (flags & (C.O_WRONLY | C.O_RDWR))) return fail(cb, "EISDIR", "open", path);
      if ((flags & C.O_TRUNC) && !r.node.isDir) r.node.size = 0;
      const fd = nextFd++;
      fds.set(fd, { node: r.node, pos: 0, flags, path: r.abs });
      ok(cb, fd);
    },
    close(fd, cb) {
      if (!fds.delete(fd)) return fail(cb, "EBADF", "close");
      ok(cb, null);
    },
    fstat(fd, cb) {
      const f = fds.get(fd);
      if (!f) return fail(cb, "EBADF", "fstat");
      ok(cb, stat(f.node));
    },
    stat(path, cb) {
      const r = lookup(path);
      if (r.error) return fail(cb, r.error, "stat", path);
      ok(cb, stat(r.node));
    },
    lstat(path, cb) { fs.stat(path, cb); },
    readdir(path, cb) {
      const r = lookup(path);
      if (r.error) return fail(cb, r.error, "readdir", path);
      if (!r.node.isDir) return fail(cb, "ENOTDIR", "readdir", path);
      ok(cb, [...r.node.entries.keys()].sort());
    },
    mkdir(path, perm, cb) {
      const p = parentOf(path);
      if (p.error) return fail(cb, p.error, "mkdir", path);
      if (p.name === "" || p.dir.entries.has(p.name)) return fail(cb, "EEXIST", "mkdir", path);
      p.dir.entries.set(p.name, newNode(S_IFDIR | (perm & 0o777), true));
      ok(cb, null);
    },
    rmdir(path, cb) {
      const p = parentOf(path);
      if (p.error) return fail(cb, p.error, "rmdir", path);
      const node = p.dir.entries.get(p.name);
      if (!node) return fail(cb, "ENOENT", "rmdir", path);
      if (!node.isDir) return fail(cb, "ENOTDIR", "rmdir", path);
      if (node.entries.size > 0) return fail(cb, "ENOTEMPTY", "rmdir", path);
      p.dir.entries.delete(p.name);
      ok(cb, null);
    },
    unlink(path, cb) {
      const p = parentOf(path);
      if (p.error) return fail(cb, p.error, "unlink", path);
      const node = p.dir.entries.get(p.name);
      if (!node) return fail(cb, "ENOENT", "unlink", path);
      if (node.isDir) return fail(cb, "EISDIR", "unlink", path);
      p.dir.entries.delete(p.name);
      ok(cb, null);
    },
    rename(from, to, cb) {
      const a = parentOf(from), b = parentOf(to);
      if (a.error) return fail(cb, a.error, "rename", from);
      if (b.error) return fail(cb, b.error, "rename", to);
      const node = a.dir.entries.get(a.name);
      if (!node) return fail(cb, "ENOENT", "rename", from);
      a.dir.entries.delete(a.name);
      b.dir.entries.set(b.name, node);
      ok(cb, null);
    },
    chmod(path, mode, cb) {
      const r = lookup(path);
      if (r.error) return fail(cb, r.error, "chmod", path);
      r.node.mode = (r.node.mode & ~0o7777) | (mode & 0o7777);
      ok(cb, null);
    },
    fchmod(fd, mode, cb) {
      const f = fds.get(fd);
      if (!f) return fail(cb, "EBADF", "fchmod");
      f.node.mode = (f.node.mode & ~0o7777) | (mode & 0o7777);
      ok(cb, null);
    },
    chown(path, uid, gid, cb) { ok(cb, null); },
    fchown(fd, uid, gid, cb) { ok(cb, null); },
    lchown(path, uid, gid, cb) { ok(cb, null); },
    utimes(path, atime, mtime, cb) {
      const r = lookup(path);
      if (r.error) return fail(cb, r.error, "utimes", path);
      r.node.atimeMs = atime * 1000;
      r.node.mtimeMs = mtime * 1000;
      ok(cb, null);
    },
    fsync(fd, cb) { ok(cb, null); },
    truncate(path, length, cb) {
      const r = lookup(path);
      if (r.error) return fail(cb, r.error, "truncate", path);
      grow(r.node, length);
      r.node.size = length;
      ok(cb, null);
    },
    ftruncate(fd, length, cb) {
      const f = fds.get(fd);
      if (!f) return fail(cb, "EBADF", "ftruncate");
      grow(f.node, length);
      f.node.size = length;
      ok(cb, null);
    },
    readlink(path, cb) { fail(cb, "EINVAL", "readlink", path); },
    symlink(path, link, cb) { fail(cb, "ENOSYS", "symlink", link); },
    link(path, link, cb) { fail(cb, "ENOSYS", "link", link); },
  };

  const process = {
    getuid() { return 0; }, getgid() { return 0; }, geteuid() { return 0; }, getegid() { return 0; },
    getgroups() { return []; },
    pid: 1, ppid: 0,
    umask() { return 0o022; },
    cwd() { return cwd; },
    chdir(p) {
      const r = lookup(p);
      if (r.error || !r.node.isDir) throw fsError(r.error || "ENOTDIR", "chdir", p);
      cwd = r.abs;
    },
  };
  const path = { resolve(...segs) { return segs.reduce((acc, s) => normalize(acc, s), cwd); } };

  scope.fs = fs;
  scope.process = process;
  scope.path = path;
  fs.mkdir("/tmp", 0o777, () => {});
  return fs;
}
