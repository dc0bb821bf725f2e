import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * The public pages' own chunks, fetched while the app's entry script is still downloading.
 *
 * Each route is a lazy chunk (src/app/router.tsx), so without this a phone learns which chunk the
 * page needs only once the entry has arrived and run: one more round trip on a slow network
 * before anything is drawn. A small script (the page's CSP refuses inline ones) reads the path and
 * adds `modulepreload` links for that page's chunk and the chunks it imports, and nothing else:
 * the landing page does not fetch the guest page's code, nor the other way round.
 */
export function routePreload(routes: Record<string, string>): Plugin {
  return {
    name: 'tavola-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        // What the entry imports is already in the page (as its script and its own preloads).
        const loaded = new Set(entry ? [entry.fileName, ...entry.imports] : []);
        const files: Record<string, string[]> = {};
        for (const [path, module] of Object.entries(routes)) {
          // The chunk holding the route's module (it may share its chunk with modules of its own).
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) throw new Error(`route-preload: no chunk for ${module}`);
          files[path] = withImports(bundle, chunk).filter((f) => !loaded.has(f));
        }
        const source = `(function (files) {
  var list = files[location.pathname.replace(/\\/+$/, '') || '/'];
  for (var i = 0; list && i < list.length; i++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = '/' + list[i];
    document.head.appendChild(link);
  }
})(${JSON.stringify(files)});
`;
        const fileName = 'assets/route-preload.js';
        bundle[fileName] = {
          type: 'asset',
          fileName,
          name: 'route-preload.js',
          names: ['route-preload.js'],
          originalFileName: null,
          originalFileNames: [],
          source,
          needsCodeReference: false,
        };
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: { async: true, src: `/${fileName}` },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}

/** A chunk's file and the files of every chunk it imports statically, at any depth. */
function withImports(bundle: OutputBundle, chunk: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const next = bundle[fileName];
    if (next?.type === 'chunk') next.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...seen];
}
