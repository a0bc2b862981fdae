// Bundles the page's sources (src/) into static/app.js and
// static/worker.js with esbuild: `npm ci && npm run build` in web/. The
// bundles are committed (mtgc serve embeds static/), and .ci/run rebuilds
// them and fails if they differ, so they are never stale. The output is
// deterministic for a given package-lock.json.
import * as esbuild from "esbuild";

await esbuild.build({
  entryPoints: { app: "src/main.js", worker: "src/worker.js" },
  outdir: "static",
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2022",
  legalComments: "eof",
  charset: "utf8",
  logLevel: "warning",
});
