// A CodeMirror 6 language from one of the project's TextMate grammars
// (editors/vscode/syntaxes, generated from the language's vocabulary by
// internal/tmgrammar): the grammars use only what a line-by-line stream
// tokenizer can do (match with captures, begin/end regions, \G and ^
// anchors, lookahead), so their regular expressions run as JavaScript
// sticky expressions, and their scopes map to CodeMirror's highlight tags.

import { StreamLanguage } from "@codemirror/language";

// scopeTags maps TextMate scope prefixes to CodeMirror tag names, the most
// specific first.
const scopeTags = [
  ["comment", "comment"],
  ["string", "string"],
  ["constant.numeric", "number"],
  ["constant.other.rule", "labelName"],
  ["keyword.declaration", "definitionKeyword"],
  ["keyword.control", "controlKeyword"],
  ["keyword.operator.logical", "operatorKeyword"],
  ["keyword.operator.negation", "operator"],
  ["keyword.operator", "operator"],
  ["keyword.other.command", "keyword"],
  ["keyword.other.rules", "meta"],
  ["keyword", "keyword"],
  ["support.function", "variableName.function"],
  ["support.type", "typeName"],
  ["entity.name.function", "variableName.definition"],
  ["entity.name.file", "heading"],
  ["meta.separator", "meta"],
  ["variable.other.property", "propertyName"],
  ["variable.language", "atom"],
  ["punctuation", "punctuation"],
];

function tagOf(scope) {
  if (!scope) return null;
  for (const [prefix, tag] of scopeTags) {
    if (scope === prefix || scope.startsWith(prefix + ".")) return tag;
  }
  return null;
}

function compile(src) {
  // \G is "where the last match ended": a sticky expression's start.
  return new RegExp(src.replace(/\\G/g, ""), "yd");
}

function compilePatterns(patterns, repo) {
  const out = [];
  for (const p of patterns || []) {
    if (p.include) {
      const r = repo[p.include.replace(/^#/, "")];
      if (r) out.push(...compilePatterns([r], repo));
      continue;
    }
    const c = { tag: tagOf(p.name) };
    if (p.match) {
      c.match = compile(p.match);
      c.captures = compileCaptures(p.captures, repo);
    } else if (p.begin) {
      c.begin = compile(p.begin);
      c.end = compile(p.end);
      c.beginCaptures = compileCaptures(p.beginCaptures || p.captures, repo);
      c.content = tagOf(p.contentName) ?? c.tag;
      c.patterns = compilePatterns(p.patterns, repo);
    }
    out.push(c);
  }
  return out;
}

function compileCaptures(caps, repo) {
  if (!caps) return null;
  const out = {};
  for (const [k, v] of Object.entries(caps)) {
    out[k] = { tag: tagOf(v.name), patterns: v.patterns ? compilePatterns(v.patterns, repo) : null };
  }
  return out;
}

// segments splits a match into [length, tag] pieces by its captures.
function segments(m, base, captures, line) {
  const start = m.index, end = m.index + m[0].length;
  const tags = new Array(end - start).fill(base);
  const keys = captures ? Object.keys(captures).map(Number).sort((a, b) => a - b) : [];
  for (const k of keys) {
    const at = m.indices[k];
    if (!at) continue;
    const cap = captures[k];
    for (let i = at[0]; i < at[1]; i++) tags[i - start] = cap.tag ?? tags[i - start];
    if (cap.patterns) {
      // Tokenize the capture's text with its own patterns.
      let pos = at[0];
      while (pos < at[1]) {
        let hit = null;
        for (const p of cap.patterns) {
          if (!p.match) continue;
          p.match.lastIndex = pos;
          const mm = p.match.exec(line.slice(0, at[1]));
          if (mm && mm[0].length > 0) { hit = { len: mm[0].length, tag: p.tag }; break; }
        }
        if (hit) {
          for (let i = pos; i < pos + hit.len; i++) tags[i - start] = hit.tag ?? tags[i - start];
          pos += hit.len;
        } else pos++;
      }
    }
  }
  const out = [];
  for (let i = 0; i < tags.length; i++) {
    if (out.length && out[out.length - 1][1] === tags[i]) out[out.length - 1][0]++;
    else out.push([1, tags[i]]);
  }
  return out;
}

export function textMateLanguage(grammar) {
  const top = compilePatterns(grammar.patterns, grammar.repository || {});
  const tryPatterns = (patterns, stream, state) => {
    const line = stream.string;
    for (const p of patterns) {
      const re = p.match || p.begin;
      if (!re) continue;
      re.lastIndex = stream.pos;
      const m = re.exec(line);
      if (!m || (m[0].length === 0 && !p.begin)) continue;
      const segs = segments(m, p.tag, p.match ? p.captures : p.beginCaptures, line);
      if (p.begin) state.inside = p;
      state.queue = segs;
      return true;
    }
    return false;
  };
  const fromQueue = (stream, state) => {
    const [len, tag] = state.queue.shift();
    stream.pos += len;
    return tag;
  };
  return StreamLanguage.define({
    name: grammar.name,
    startState: () => ({ inside: null, queue: [] }),
    copyState: (s) => ({ inside: s.inside, queue: s.queue.map((x) => x.slice()) }),
    token(stream, state) {
      if (state.queue.length) return fromQueue(stream, state);
      if (state.inside) {
        const r = state.inside;
        r.end.lastIndex = stream.pos;
        const m = r.end.exec(stream.string);
        if (m) {
          state.inside = null;
          if (m[0].length > 0) {
            stream.pos += m[0].length;
            return r.tag;
          }
        } else {
          if (tryPatterns(r.patterns, stream, state)) {
            state.inside = r;
            return fromQueue(stream, state);
          }
          stream.next();
          return r.content;
        }
      }
      if (tryPatterns(top, stream, state)) return fromQueue(stream, state);
      stream.next();
      return null;
    },
    languageData: { commentTokens: { line: "#" } },
  });
}
