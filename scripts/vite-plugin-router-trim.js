/**
 * react-router ships as one large module (its declarative and data routers, framework mode, links
 * with prefetching, forms). Its top level creates components with `React.forwardRef(…)` /
 * `React.memo(…)` and names them (`Link.displayName = "Link"`); a bundler must assume those calls
 * and assignments have effects, so every such component, and all it references, stays in the
 * storefront's first visit whether or not we use it. Both are free of effects: the calls are
 * marked pure and the top-level display names (only React DevTools reads them) dropped, so the
 * bundler keeps only what the storefront imports (docs/decisions/016-page-weight.md).
 */
const ROUTER_MODULE = /[\\/]react-router[\\/]dist[\\/](development|production)[\\/]chunk-[\w-]+\.mjs$/;

export function routerTrimPlugin() {
  return {
    name: 'router-trim',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_MODULE.test(id)) return null;
      return {
        code: code
          .replace(/^var ([\w$]+) = (React\d*)\.(forwardRef|memo)\(/gm, 'var $1 = /* @__PURE__ */ $2.$3(')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, ''),
        map: null,
      };
    },
  };
}
