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
/**
 * hoist-non-react-statics (with its own copy of react-is) is CommonJS, so the bundler keeps it
 * even though its one importer's one user, emotion's `withTheme`, is never used: it only defines
 * a function, so it is declared free of effects and goes when nothing calls it.
 */
const EFFECT_FREE_MODULE = /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/;

export function treeShakeHintsPlugin() {
  return {
    name: 'tree-shake-hints',
    apply: 'build',
    transform(code, id) {
      if (EFFECT_FREE_MODULE.test(id)) return { code, map: null, moduleSideEffects: false };
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
