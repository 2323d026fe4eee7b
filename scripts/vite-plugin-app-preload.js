/** The modules the entry imports dynamically so that each is evaluated in a task of its own (src/client/main.tsx). */
const BOOT_MODULES = [/[\\/]src[\\/]client[\\/]App\.tsx$/, /[\\/]react-dom[\\/]client\.js$/];

/**
 * index.html preloads the chunks of React DOM's client and of the App and every chunk they import,
 * as Vite does for the entry's static imports. The entry imports them with `import()` so that each
 * is evaluated in a task of its own; without these links the browser would start fetching them
 * only once the entry had run (a round trip on a phone). The build fails if the entry no longer
 * imports them dynamically.
 */
export function appPreloadPlugin() {
  return {
    name: 'app-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((item) => item.type === 'chunk');
        const boot = BOOT_MODULES.map((module) => chunks.find((chunk) => chunk.facadeModuleId && module.test(chunk.facadeModuleId)));
        if (boot.some((chunk) => !chunk || !context.chunk?.dynamicImports.includes(chunk.fileName))) {
          throw new Error('app-preload: the entry does not import src/client/App.tsx and react-dom/client dynamically (src/client/main.tsx).');
        }
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set();
        const visit = (fileName) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          byName.get(fileName)?.imports.forEach(visit);
        };
        boot.forEach((chunk) => visit(chunk.fileName));
        return [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' }));
      },
    },
  };
}
